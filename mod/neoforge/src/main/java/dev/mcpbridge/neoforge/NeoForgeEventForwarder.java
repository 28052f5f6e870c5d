// Checked against every line in versions/ (Mojang names); calls that differ live in src/mc<line>/java; see API-NOTES.md.
package dev.mcpbridge.neoforge;

import dev.mcpbridge.core.GameEvents;
import java.util.function.Supplier;
import net.minecraft.core.registries.BuiltInRegistries;
import net.minecraft.server.level.ServerPlayer;
import net.minecraft.world.damagesource.DamageSource;
import net.minecraft.world.entity.Entity;
import net.minecraft.world.entity.player.Player;
import net.minecraft.world.level.Level;
import net.neoforged.bus.api.EventPriority;
import net.neoforged.bus.api.IEventBus;
import net.neoforged.neoforge.common.util.FakePlayer;
import net.neoforged.neoforge.event.ServerChatEvent;
import net.neoforged.neoforge.event.entity.living.LivingDeathEvent;
import net.neoforged.neoforge.event.entity.player.PlayerEvent;
import net.neoforged.neoforge.event.level.BlockEvent;

/**
 * NeoForge game events in, calls on the core's {@link GameEvents} out. Cancellable events are heard at the
 * lowest priority and only when no other mod cancelled them, so the bridge sees what really happened.
 * Fake players (machines of other mods) are skipped. Nothing is sent while no core runs.
 */
final class NeoForgeEventForwarder {
    private final Supplier<GameEvents> events;

    /** {@code events} gives the running core's hooks, or null between server stop and start. */
    NeoForgeEventForwarder(Supplier<GameEvents> events) {
        this.events = events;
    }

    void register(IEventBus gameBus) {
        gameBus.addListener(this::onLogin);
        gameBus.addListener(this::onLogout);
        gameBus.addListener(EventPriority.LOWEST, this::onChat);
        gameBus.addListener(EventPriority.LOWEST, this::onDeath);
        gameBus.addListener(EventPriority.LOWEST, this::onBlockBreak);
    }

    private void onLogin(PlayerEvent.PlayerLoggedInEvent event) {
        GameEvents sink = events.get();
        if (sink != null && isRealPlayer(event.getEntity())) {
            sink.playerJoin(GameIds.playerName(event.getEntity()), event.getEntity().getUUID());
        }
    }

    private void onLogout(PlayerEvent.PlayerLoggedOutEvent event) {
        GameEvents sink = events.get();
        if (sink != null && isRealPlayer(event.getEntity())) {
            sink.playerQuit(GameIds.playerName(event.getEntity()), event.getEntity().getUUID());
        }
    }

    private void onChat(ServerChatEvent event) {
        GameEvents sink = events.get();
        if (sink != null) sink.playerChat(event.getUsername(), event.getPlayer().getUUID(), event.getRawText());
    }

    /** Players only; cause is the death message as chat shows it, killer the entity the damage is credited to. */
    private void onDeath(LivingDeathEvent event) {
        GameEvents sink = events.get();
        if (sink == null || !(event.getEntity() instanceof ServerPlayer player) || !isRealPlayer(player)) return;
        DamageSource source = event.getSource();
        String cause = player.getCombatTracker().getDeathMessage().getString();
        if (cause.isBlank()) cause = source.getMsgId();
        Entity killer = source.getEntity();
        sink.playerDeath(GameIds.playerName(player), cause, GameIds.worldId(player.level()),
                player.getX(), player.getY(), player.getZ(), killer == null ? null : killer.getName().getString());
    }

    private void onBlockBreak(BlockEvent.BreakEvent event) {
        GameEvents sink = events.get();
        Player player = event.getPlayer();
        if (sink == null || !isRealPlayer(player) || !(event.getLevel() instanceof Level level)) return;
        sink.blockBreak(GameIds.playerName(player),
                BuiltInRegistries.BLOCK.getKey(event.getState().getBlock()).toString(), GameIds.worldId(level),
                event.getPos().getX(), event.getPos().getY(), event.getPos().getZ());
    }

    private static boolean isRealPlayer(Player player) {
        return player != null && !(player instanceof FakePlayer);
    }
}
