// Stub (signatures only, no logic) of authlib as Minecraft 26.1 uses it (a record); see mod/neoforge/API-NOTES.md.
package com.mojang.authlib;

import java.util.UUID;

public record GameProfile(UUID id, String name) {}
