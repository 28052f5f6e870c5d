package dev.mcpbridge.core.dispatch;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import dev.mcpbridge.core.ModInfo;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Semver checks (shared/src/version.ts): an unsupported MAJOR is refused, MINOR/PATCH are fine. */
public final class ProtocolVersion {
    private static final Pattern SEMVER = Pattern.compile("(0|[1-9]\\d{0,8})\\.(0|[1-9]\\d{0,8})\\.(0|[1-9]\\d{0,8})");

    private ProtocolVersion() {}

    /** Throws SCHEMA_ERROR on field {@code version} when malformed or of an unsupported major. */
    public static void assertCompatible(String version) {
        if (ModInfo.PROTOCOL_VERSIONS.contains(version)) return; // the usual case, without the regex
        Matcher m = SEMVER.matcher(version);
        if (!m.matches()) {
            throw new BridgeException(ErrorCode.SCHEMA_ERROR,
                    "Field 'version': '" + version + "' is not a MAJOR.MINOR.PATCH version",
                    details("not a semantic version"));
        }
        if (!isSupportedMajor(Integer.parseInt(m.group(1)))) {
            JsonObject details = details("unsupported major version");
            JsonArray supported = new JsonArray();
            ModInfo.PROTOCOL_VERSIONS.forEach(supported::add);
            details.add("supported", supported);
            throw new BridgeException(ErrorCode.SCHEMA_ERROR, "Field 'version': protocol version " + version
                    + " is not supported (supported: " + String.join(", ", ModInfo.PROTOCOL_VERSIONS) + ")", details);
        }
    }

    public static boolean isCompatible(String version) {
        Matcher m = SEMVER.matcher(version);
        return m.matches() && isSupportedMajor(Integer.parseInt(m.group(1)));
    }

    private static boolean isSupportedMajor(int major) {
        return ModInfo.PROTOCOL_VERSIONS.stream().anyMatch(v -> v.startsWith(major + "."));
    }

    private static JsonObject details(String reason) {
        JsonObject d = new JsonObject();
        d.addProperty("field", "version");
        d.addProperty("reason", reason);
        return d;
    }
}
