package dev.mcpbridge.devserver.log;

import dev.mcpbridge.core.GameEvents;
import dev.mcpbridge.devserver.command.Lang;
import dev.mcpbridge.devserver.variant.Flavour;
import java.util.UUID;

/**
 * Writes what a real server logs for each game happening, with the real en_us strings of the
 * simulated version: {@code <Name> text} for chat, {@code Name joined the game} / {@code Name left the
 * game} (preceded by the login and disconnect lines vanilla writes), and the death message of the
 * cause ({@code death.attack.<cause>}, its {@code .player} form when there is a killer). Block breaks
 * are not logged by vanilla, so nothing is written for them. Paper (and Spigot) log chat on their
 * async chat thread, {@code [Async Chat Thread - #N/INFO]: [Not Secure] <Name> text} (unsigned chat,
 * as from these simulated players), as real Paper logs show (bridge/tests/fixtures/log-corpus).
 */
public final class LoggingEvents implements GameEvents {
    private static final String THREAD = "Server thread";
    private final ServerLog log;
    private final Lang lang;
    private final boolean paper;
    private int entityId = 100;
    private int chatThreads;

    public LoggingEvents(ServerLog log, Lang lang, Flavour flavour) {
        this.log = log;
        this.lang = lang;
        this.paper = flavour.paper();
    }

    @Override
    public void playerJoin(String player, UUID uuid) {
        log.info(THREAD, player + "[/127.0.0.1:" + (50000 + Math.floorMod(player.hashCode(), 10000))
                + "] logged in with entity id " + (entityId++) + " at (0.5, 64.0, 0.5)");
        log.info(THREAD, lang.tr("multiplayer.player.joined", player));
    }

    @Override
    public void playerQuit(String player, UUID uuid) {
        log.info(THREAD, player + " lost connection: Disconnected");
        log.info(THREAD, lang.tr("multiplayer.player.left", player));
    }

    @Override
    public void playerChat(String player, UUID uuid, String message) {
        if (paper) {
            // Paper's chat executor names its threads "Async Chat Thread - #<n>" and reuses a few of them.
            log.info("Async Chat Thread - #" + (chatThreads++ % 4), "[Not Secure] <" + player + "> " + message);
        } else {
            log.info(THREAD, "<" + player + "> " + message);
        }
    }

    @Override
    public void playerDeath(String player, String cause, String world, double x, double y, double z, String killer) {
        log.info(THREAD, deathMessage(lang, player, cause, killer));
    }

    @Override
    public void blockBreak(String player, String blockType, String world, int x, int y, int z) {
        // vanilla logs nothing when a block is broken
    }

    /** The en_us death message: {@code death.attack.<cause>} (or {@code death.<cause>} for fell.*), generic when unknown. */
    public static String deathMessage(Lang lang, String player, String cause, String killer) {
        String key = cause.startsWith("fell.") ? "death." + cause : "death.attack." + cause;
        if (killer != null) {
            String withKiller = tryTr(lang, key + ".player", player, killer);
            if (withKiller != null) {
                return withKiller;
            }
        }
        String plain = tryTr(lang, key, player, killer);
        return plain != null ? plain : lang.tr("death.attack.generic", player);
    }

    private static String tryTr(Lang lang, String key, Object... args) {
        try {
            return lang.tr(key, args);
        } catch (IllegalArgumentException unknownKey) {
            return null;
        }
    }
}
