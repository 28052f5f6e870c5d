package dev.mcpbridge.devserver.loop;

import dev.mcpbridge.devserver.Log;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.LongConsumer;
import java.util.function.Supplier;

/**
 * The 20 TPS main ("Server thread") loop. Between ticks it runs queued tasks as they arrive, the way
 * vanilla's MinecraftServer runs tasks while it waits for the next tick, so a command sent over RCON
 * runs on this thread within milliseconds while the listener thread waits for it.
 */
public final class TickLoop implements Executor, AutoCloseable {
    public static final int TICKS_PER_SECOND = 20;
    public static final long NANOS_PER_TICK = 1_000_000_000L / TICKS_PER_SECOND;
    private static final int SAMPLES = 100;

    private final LinkedBlockingQueue<Runnable> tasks = new LinkedBlockingQueue<>();
    private final LongConsumer onTick;
    private final Thread thread;
    private final long[] tickTimesNanos = new long[SAMPLES];
    private final long[] tickStartsNanos = new long[SAMPLES];
    private volatile boolean running = true;
    private volatile long tickCount;

    /** {@code onTick} receives the tick number and runs on the main thread once per tick. */
    public TickLoop(LongConsumer onTick) {
        this.onTick = onTick;
        this.thread = new Thread(this::loop, "Server thread");
    }

    public void start() {
        thread.start();
    }

    public boolean isMainThread() {
        return Thread.currentThread() == thread;
    }

    @Override
    public void execute(Runnable task) {
        tasks.add(task);
    }

    /** Runs {@code task} on the main thread and waits for it (vanilla executeBlocking). */
    public <T> T callBlocking(Supplier<T> task) {
        if (isMainThread()) {
            return task.get();
        }
        CompletableFuture<T> future = new CompletableFuture<>();
        tasks.add(() -> {
            try {
                T value = task.get();
                Log.flush(); // its log lines are out before the waiting thread answers
                future.complete(value);
            } catch (RuntimeException | Error e) {
                future.completeExceptionally(e);
            }
        });
        try {
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the main thread", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException(e.getCause());
        }
    }

    private void loop() {
        Log.deferFlushesOf(thread);
        long next = System.nanoTime();
        while (running) {
            long start = System.nanoTime();
            try {
                onTick.accept(tickCount);
            } catch (RuntimeException e) {
                Log.error("tick " + tickCount + " failed", e);
            }
            Log.flush();
            int slot = (int) (tickCount % SAMPLES);
            tickTimesNanos[slot] = System.nanoTime() - start;
            tickStartsNanos[slot] = start;
            tickCount++;
            next += NANOS_PER_TICK;
            if (System.nanoTime() - next > 2_000_000_000L) {
                next = System.nanoTime(); // far behind: skip ticks instead of racing, as vanilla does
            }
            runTasksUntil(next);
        }
        runPending();
    }

    private void runTasksUntil(long deadline) {
        long wait;
        while (running && (wait = deadline - System.nanoTime()) > 0) {
            try {
                Runnable task = tasks.poll(wait, TimeUnit.NANOSECONDS);
                if (task != null) {
                    runTask(task);
                }
            } catch (InterruptedException e) {
                return;
            }
        }
        runPending();
    }

    private void runPending() {
        Runnable task;
        while ((task = tasks.poll()) != null) {
            runTask(task);
        }
    }

    private static void runTask(Runnable task) {
        try {
            task.run();
        } catch (RuntimeException e) {
            Log.error("main-thread task failed", e);
        } finally {
            Log.flush();
        }
    }

    public long tickCount() {
        return tickCount;
    }

    /** Mean tick duration (work only) over the last 100 ticks, in nanoseconds. */
    public long averageTickTimeNanos() {
        long n = Math.min(tickCount, SAMPLES);
        if (n == 0) {
            return 0;
        }
        long sum = 0;
        for (int i = 0; i < n; i++) {
            sum += tickTimesNanos[i];
        }
        return sum / n;
    }

    /** Copy of the recent tick durations (vanilla getTickTimesNanos). */
    public long[] tickTimesNanos() {
        int n = (int) Math.min(tickCount, SAMPLES);
        long[] out = new long[Math.max(n, 1)];
        System.arraycopy(tickTimesNanos, 0, out, 0, n);
        return out;
    }

    /** Ticks per second measured over the recent past, at most 20. */
    public double tps() {
        long count = tickCount;
        if (count < 2) {
            return TICKS_PER_SECOND;
        }
        int span = (int) Math.min(count - 1, SAMPLES - 1);
        long newest = tickStartsNanos[(int) ((count - 1) % SAMPLES)];
        long oldest = tickStartsNanos[(int) ((count - 1 - span) % SAMPLES)];
        double perTick = (double) (newest - oldest) / span;
        return Math.min(TICKS_PER_SECOND, 1e9 / perTick);
    }

    @Override
    public void close() {
        running = false;
        thread.interrupt();
        try {
            thread.join(2000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
