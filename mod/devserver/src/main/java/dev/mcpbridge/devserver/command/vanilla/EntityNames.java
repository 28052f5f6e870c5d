package dev.mcpbridge.devserver.command.vanilla;

import dev.mcpbridge.devserver.command.CommandContext;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** An entity type's English name: from the language file when it has one, else from the id. */
final class EntityNames {
    private EntityNames() {}

    static String of(CommandContext ctx, String type) {
        String path = type.substring(type.indexOf(':') + 1);
        try {
            return ctx.tr("entity.minecraft." + path);
        } catch (IllegalArgumentException notInLanguageFile) {
            return Arrays.stream(path.split("_"))
                    .map(w -> w.isEmpty() ? w : w.substring(0, 1).toUpperCase(Locale.ROOT) + w.substring(1))
                    .collect(Collectors.joining(" "));
        }
    }
}
