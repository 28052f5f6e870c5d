package dev.mcpbridge.core;

import java.util.List;

/** Facts about this build that peers see in hello and session_hello. */
public final class ModInfo {
    public static final String MOD_VERSION = "0.1.0";
    /** Protocol versions this build speaks, highest first (shared/src/version.ts). */
    public static final List<String> PROTOCOL_VERSIONS = List.of("1.0.0");
    public static final String PROTOCOL_VERSION = PROTOCOL_VERSIONS.get(0);

    private ModInfo() {}
}
