// Minecraft 1.21.11 and 26.1 (NeoForge 21.11.x, 26.1.x), checked in 1.21.11 and 26.1.2: Identifier, PermissionCheck,
// the GameProfile record, ServerPlayer#level(); see API-NOTES.md ("Differences between the versions").
package dev.mcpbridge.neoforge;

import java.util.Optional;
import java.util.function.Predicate;
import net.minecraft.commands.CommandSourceStack;
import net.minecraft.commands.Commands;
import net.minecraft.core.registries.BuiltInRegistries;
import net.minecraft.core.registries.Registries;
import net.minecraft.resources.Identifier;
import net.minecraft.resources.ResourceKey;
import net.minecraft.server.MinecraftServer;
import net.minecraft.server.level.ServerLevel;
import net.minecraft.server.level.ServerPlayer;
import net.minecraft.world.entity.player.Player;
import net.minecraft.world.item.Item;
import net.minecraft.world.level.Level;

/** The calls whose names changed in Minecraft 1.21.11, in their form from 1.21.11 on (one copy for 1.21.11 and 26.1). */
final class GameIds {
    private GameIds() {}

    /** Permission level 4: the server console, RCON and level-4 operators. */
    static Predicate<CommandSourceStack> ownersOnly() {
        return Commands.hasPermission(Commands.LEVEL_OWNERS);
    }

    static String playerName(Player player) {
        return player.getGameProfile().name();
    }

    static String worldId(Level level) {
        return level.dimension().identifier().toString();
    }

    static ServerLevel levelOf(ServerPlayer player) {
        return player.level();
    }

    /** Empty for a malformed id as for an unknown one. */
    static Optional<Item> item(String id) {
        Identifier parsed = Identifier.tryParse(id);
        return parsed == null ? Optional.empty() : BuiltInRegistries.ITEM.getOptional(parsed);
    }

    /** Null for a malformed id as for an unknown world. */
    static ServerLevel level(MinecraftServer server, String id) {
        Identifier parsed = Identifier.tryParse(id);
        return parsed == null ? null : server.getLevel(ResourceKey.create(Registries.DIMENSION, parsed));
    }
}
