package dev.mcpbridge.core.config;

import java.util.List;

/**
 * The default allowed-command patterns ({@link CoreConfig#DEFAULT_ALLOWED_COMMANDS}), built from named
 * pieces so each bound is readable. The same list, as plain strings, is
 * shared/vectors/defaults/allowed-commands.json: the starter policy of scripts/up reads it and the tests of
 * both languages check that it equals this list and accepts/refuses its example commands.
 */
final class DefaultCommands {
    private DefaultCommands() {}

    /** One player, by name: never a selector. */
    static final String NAME = "[A-Za-z0-9_]{1,16}";
    /** x or z inside the world border's limit, +-30,000,000 (absolute: no ~ or ^). */
    static final String XZ = "-?(30000000|[12]?[0-9]{1,7})(\\.[0-9]{1,3})?";
    /** y within the build limits of the overworld, -64..320. */
    static final String Y = "(-(6[0-4]|[1-5]?[0-9])|[12]?[0-9]{1,2}|3[01][0-9]|320)(\\.[0-9]{1,3})?";
    /** Items of the creative "Operator Utilities" tab and other blocks only an operator should hand out. */
    static final String OPERATOR_ITEMS = "command_block|chain_command_block|repeating_command_block"
            + "|command_block_minecart|structure_block|structure_void|jigsaw|barrier|light|debug_stick"
            + "|test_block|test_instance_block|spawner|trial_spawner|knowledge_book";
    /** Chat text without '@' (the console would expand selectors in it). */
    static final String TEXT = "[^@]+";
    /** A JSON text component that is a plain string: no click events, no selector or nbt components. */
    static final String JSON_STRING = "\"[^\"\\\\]*\"";

    static final List<String> PATTERNS = List.of(
            "list", "list uuids",
            "say " + TEXT,
            "(msg|tell|w) " + NAME + " " + TEXT,
            "tellraw " + NAME + " " + JSON_STRING,
            "title " + NAME + " (title|subtitle|actionbar) " + JSON_STRING,
            "title " + NAME + " (clear|reset)",
            "(tp|teleport) " + NAME + " " + XZ + " " + Y + " " + XZ,
            "(tp|teleport) " + NAME + " " + NAME,
            // an item id without [components] or {nbt}, not an operator item, at most 9999
            "give " + NAME + " (?!(minecraft:)?(" + OPERATOR_ITEMS + ")( |$))([a-z0-9_.-]+:)?[a-z0-9_.-]+( [1-9][0-9]{0,3})?",
            "time query (daytime|gametime|day)",
            "time set (day|noon|night|midnight)",
            "weather (clear|rain|thunder)( [0-9]{1,6}[dst]?)?",
            "difficulty", "seed", "tick query",
            "data get entity " + NAME + "( [A-Za-z0-9_.\\[\\]]{1,64})?");
}
