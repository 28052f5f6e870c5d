// Stub (signatures only, no logic) of authlib as Minecraft 1.21.11 and 26.1 use it (a record); see mod/neoforge/API-NOTES.md.
package com.mojang.authlib;

import java.util.UUID;

public record GameProfile(UUID id, String name) {}
