package dev.mcpbridge.devserver.command;

import dev.mcpbridge.devserver.sim.ActivityDriver;
import dev.mcpbridge.devserver.world.SimPlayer;
import java.util.Locale;

/**
 * The activity driver (devserver only, not vanilla): {@code sim join|quit <name>},
 * {@code sim chat <name> <text...>}, {@code sim die <name> [cause]}, {@code sim break <name> <x> <y> <z>},
 * {@code sim rate <events/s> [seconds]}, {@code sim stop}, {@code sim vanish <name>} (toggles whether a
 * player is hidden, as EssentialsX's /vanish does; the paper-essentials list shows it). Each happening
 * is reported to the mod's event hooks exactly as the NeoForge event subscribers do. {@code sim output <chars>}
 * answers that many characters of text (in lines of 1000), a command with a huge answer for the bounds of
 * what is stored.
 */
public final class SimCommand implements Command {
    private final ActivityDriver driver;

    public SimCommand(ActivityDriver driver) {
        this.driver = driver;
    }

    @Override
    public int run(CommandContext ctx, CommandReader r) throws CommandSyntaxException {
        Args.next(ctx, r);
        String sub = Args.literal(ctx, r, "join", "quit", "chat", "die", "break", "rate", "output", "stop", "vanish");
        switch (sub) {
            case "join", "quit" -> {
                String name = name(ctx, r);
                Args.end(ctx, r);
                boolean ok = sub.equals("join") ? ctx.world().join(name) : ctx.world().quit(name);
                if (!ok) {
                    throw new CommandSyntaxException(sub.equals("join") ? name + " is already online" : ctx.tr("argument.entity.notfound.player"));
                }
                ctx.send(ctx.tr(sub.equals("join") ? "multiplayer.player.joined" : "multiplayer.player.left", name));
                return 1;
            }
            case "chat" -> {
                SimPlayer p = online(ctx, name(ctx, r));
                Args.next(ctx, r);
                String text = r.readRemaining();
                ctx.world().chat(p, text);
                ctx.send("<" + p.name() + "> " + text);
                return 1;
            }
            case "die" -> {
                SimPlayer p = online(ctx, name(ctx, r));
                String cause = Args.hasNext(r) ? r.readWord().toLowerCase(Locale.ROOT) : "generic";
                Args.end(ctx, r);
                String key = "death.attack." + cause;
                String message;
                try {
                    message = ctx.tr(key, p.name());
                } catch (IllegalArgumentException unknownCause) {
                    message = ctx.tr("death.attack.generic", p.name());
                }
                ctx.world().die(p, cause, null);
                ctx.send(message);
                return 1;
            }
            case "break" -> {
                SimPlayer p = online(ctx, name(ctx, r));
                int[] pos = new int[3];
                for (int i = 0; i < 3; i++) {
                    Args.next(ctx, r);
                    pos[i] = Args.integer(ctx, r, Integer.MIN_VALUE, Integer.MAX_VALUE);
                }
                Args.end(ctx, r);
                String block = ctx.world().breakBlock(p, pos[0], pos[1], pos[2]);
                ctx.send(p.name() + " broke " + block + " at " + pos[0] + ", " + pos[1] + ", " + pos[2]);
                return 1;
            }
            case "vanish" -> {
                SimPlayer p = online(ctx, name(ctx, r));
                Args.end(ctx, r);
                p.setHidden(!p.hidden());
                ctx.send(p.name() + (p.hidden() ? " is now hidden" : " is visible again"));
                return 1;
            }
            case "rate" -> {
                Args.next(ctx, r);
                int rate = Args.integer(ctx, r, 1, 1_000_000);
                long seconds = Args.hasNext(r) ? Args.integer(ctx, r, 1, 86_400) : 0;
                Args.end(ctx, r);
                driver.start(rate, seconds);
                ctx.send("Generating " + rate + " events/s " + (seconds > 0 ? "for " + seconds + " s" : "until sim stop"));
                return 1;
            }
            case "output" -> {
                Args.next(ctx, r);
                int chars = Args.integer(ctx, r, 1, 100_000_000);
                Args.end(ctx, r);
                String line = "0123456789".repeat(100);
                for (int left = chars; left > 0; left -= line.length()) {
                    ctx.send(line.substring(0, Math.min(line.length(), left)));
                }
                return chars;
            }
            default -> {
                Args.end(ctx, r);
                long n = driver.stop();
                ctx.send("Stopped generating events; the last run generated " + n + " events");
                return 1;
            }
        }
    }

    private static String name(CommandContext ctx, CommandReader r) throws CommandSyntaxException {
        Args.next(ctx, r);
        int start = r.cursor();
        String name = r.readWord();
        if (!name.matches("[A-Za-z0-9_]{1,16}")) {
            r.setCursor(start);
            throw CommandSyntaxException.at(ctx.tr("argument.entity.invalid"), r);
        }
        return name;
    }

    private static SimPlayer online(CommandContext ctx, String name) throws CommandSyntaxException {
        return ctx.world().player(name).orElseThrow(() -> ctx.fail("argument.entity.notfound.player"));
    }
}
