// Minecraft 1.21.1 and 1.21.3 (NeoForge 21.1.x, 21.3.x), Mojang names; see API-NOTES.md ("Differences between the versions").
package dev.mcpbridge.neoforge;

import java.util.Optional;
import java.util.function.Predicate;
import net.minecraft.commands.CommandSourceStack;
import net.minecraft.commands.Commands;
import net.minecraft.core.registries.BuiltInRegistries;
import net.minecraft.core.registries.Registries;
import net.minecraft.resources.ResourceKey;
import net.minecraft.resources.ResourceLocation;
import net.minecraft.server.MinecraftServer;
import net.minecraft.server.level.ServerLevel;
import net.minecraft.server.level.ServerPlayer;
import net.minecraft.world.entity.player.Player;
import net.minecraft.world.item.Item;
import net.minecraft.world.level.Level;

/**
 * The calls whose names changed in Minecraft 1.21.11 (ResourceLocation became Identifier, permission levels
 * became PermissionChecks, GameProfile became a record, ServerPlayer#serverLevel() became level()), in their form
 * before that (one copy for 1.21.1 and 1.21.3).
 */
final class GameIds {
    private GameIds() {}

    /** Permission level 4: the server console, RCON and level-4 operators. */
    static Predicate<CommandSourceStack> ownersOnly() {
        return source -> source.hasPermission(Commands.LEVEL_OWNERS);
    }

    static String playerName(Player player) {
        return player.getGameProfile().getName();
    }

    static String worldId(Level level) {
        return level.dimension().location().toString();
    }

    static ServerLevel levelOf(ServerPlayer player) {
        return player.serverLevel();
    }

    /** Empty for a malformed id as for an unknown one. */
    static Optional<Item> item(String id) {
        ResourceLocation parsed = ResourceLocation.tryParse(id);
        return parsed == null ? Optional.empty() : BuiltInRegistries.ITEM.getOptional(parsed);
    }

    /** Null for a malformed id as for an unknown world. */
    static ServerLevel level(MinecraftServer server, String id) {
        ResourceLocation parsed = ResourceLocation.tryParse(id);
        return parsed == null ? null : server.getLevel(ResourceKey.create(Registries.DIMENSION, parsed));
    }
}
