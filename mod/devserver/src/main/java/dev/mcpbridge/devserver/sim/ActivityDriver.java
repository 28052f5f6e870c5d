package dev.mcpbridge.devserver.sim;

import dev.mcpbridge.devserver.world.SimPlayer;
import dev.mcpbridge.devserver.world.World;
import java.util.ArrayList;
import java.util.List;

/**
 * Generates game activity at a steady rate for load tests: every tick it makes rate/20 happenings
 * (carrying the fraction over), a mix of 60% chat, 25% block breaks, 5% deaths and 10% join/quit.
 * Runs on the main thread, so every event goes through the same hooks as a single {@code sim} one.
 */
public final class ActivityDriver {
    private static final int BOTS = 5;
    private final World world;
    private double perTick;
    private double carry;
    private long ticksLeft;
    private long generated;
    private long counter;

    public ActivityDriver(World world) {
        this.world = world;
    }

    /** Starts generating {@code eventsPerSecond} for {@code seconds} (0 = until stopped). */
    public void start(double eventsPerSecond, long seconds) {
        perTick = eventsPerSecond / 20.0;
        ticksLeft = seconds > 0 ? seconds * 20 : Long.MAX_VALUE;
        carry = 0;
        generated = 0;
        for (int i = 0; i < BOTS; i++) {
            world.join("Bot" + i);
        }
    }

    /** Stops (if running) and returns how many happenings the last run generated. */
    public long stop() {
        ticksLeft = 0;
        perTick = 0;
        return generated;
    }

    public boolean running() {
        return ticksLeft > 0;
    }

    public long generated() {
        return generated;
    }

    public void tick() {
        if (ticksLeft <= 0) {
            return;
        }
        ticksLeft--;
        carry += perTick;
        int n = (int) carry;
        carry -= n;
        List<SimPlayer> online = new ArrayList<>(world.players());
        if (online.isEmpty()) {
            return;
        }
        for (int i = 0; i < n; i++) {
            one(online.get((int) (counter % online.size())));
        }
        if (ticksLeft == 0) {
            perTick = 0;
        }
    }

    private void one(SimPlayer p) {
        long k = counter++;
        int roll = (int) (k % 20);
        if (roll < 12) {
            world.chat(p, "load message " + k);
            generated++;
        } else if (roll < 17) {
            int x = (int) (k % 64) - 32;
            int z = (int) (k / 64 % 64) - 32;
            world.breakBlock(p, x, 40, z);
            generated++;
        } else if (roll == 17) {
            world.die(p, "generic", null);
            generated++;
        } else if (roll == 18) {
            generated += world.join("Visitor" + (k % 97)) ? 1 : 0;
        } else {
            generated += world.quit("Visitor" + ((k - 1) % 97)) ? 1 : 0;
        }
    }
}
