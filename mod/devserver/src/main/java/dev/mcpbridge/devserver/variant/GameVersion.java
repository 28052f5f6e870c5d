package dev.mcpbridge.devserver.variant;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * The Minecraft versions the devserver imitates: the name the status ping reports, the network
 * protocol number and the data version stamped into player data (minecraft-data 3.117.0,
 * data/pc/common/protocolVersions.json), and its en_us strings (devserver/lang/&lt;name&gt;.json).
 * 26.1 is the newest version whose language file minecraft-data carries.
 */
public enum GameVersion {
    V1_21_1("1.21.1", 767, 3955, null),
    V1_21_11("1.21.11", 774, 4671, "2.0.0"),
    V26_1("26.1", 775, 4786, "3.0.0");

    public static final GameVersion DEFAULT = V1_21_1;

    private final String id;
    private final int protocol;
    private final int dataVersion;
    private final String managementVersion;

    GameVersion(String id, int protocol, int dataVersion, String managementVersion) {
        this.id = id;
        this.protocol = protocol;
        this.dataVersion = dataVersion;
        this.managementVersion = managementVersion;
    }

    /**
     * The version {@code rpc.discover} reports in {@code info.version} (the real DiscoveryService's
     * constant: 1.0.0 in 1.21.9/1.21.10, 2.0.0 in 1.21.11, 3.0.0 in 26.1), or null where the
     * Server Management Protocol does not exist (before 1.21.9).
     */
    public String managementVersion() {
        return managementVersion;
    }

    public String id() {
        return id;
    }

    public int protocol() {
        return protocol;
    }

    public int dataVersion() {
        return dataVersion;
    }

    /** From 1.21.5 on, armour and off-hand items are in the player's {@code equipment} compound. */
    public boolean hasEquipmentField() {
        return dataVersion >= 4325;
    }

    /**
     * From 26.1 (26.1-snapshot-3, data version 4767) the day is a timeline: {@code time query daytime} is
     * gone and {@code time query day} answers "Timeline minecraft:day is at N tick(s)" (and, with the same
     * rework of clocks, {@code time query gametime} "The game time is N tick(s)").
     */
    public boolean hasDayTimeline() {
        return dataVersion >= 4767;
    }

    public String langResource() {
        return "/devserver/lang/" + id + ".json";
    }

    public static GameVersion parse(String id) {
        return Arrays.stream(values()).filter(v -> v.id.equals(id)).findFirst().orElseThrow(() ->
                new IllegalArgumentException("--mc-version: '" + id + "' is not one of " + names()));
    }

    public static String names() {
        return Arrays.stream(values()).map(GameVersion::id).collect(Collectors.joining(", "));
    }
}
