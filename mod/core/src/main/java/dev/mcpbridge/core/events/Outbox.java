package dev.mcpbridge.core.events;

import dev.mcpbridge.core.spi.CoreLogger;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongFunction;

/**
 * Events the bridge has not acknowledged yet, in seq order. Appends never block (server thread);
 * when full the oldest event is dropped and counted. Seq numbers start at 1 and grow by one per
 * event within this outbox's epoch.
 */
public final class Outbox {
    /** One rendered event envelope. */
    public record Entry(long seq, String json) {}

    private final ArrayDeque<Entry> entries = new ArrayDeque<>();
    private final CoreLogger log;
    private int capacity;
    private long lastSeq;
    private long lastAcked;
    private long dropped;

    public Outbox(int capacity, CoreLogger log) {
        this.capacity = capacity;
        this.log = log;
    }

    /** Assigns the next seq, renders the event with it and keeps it; returns the seq. */
    public long append(LongFunction<String> render) {
        long droppedSeq = -1;
        long total;
        long seq;
        synchronized (this) {
            seq = lastSeq + 1;
            entries.addLast(new Entry(seq, render.apply(seq)));
            lastSeq = seq;
            while (entries.size() > capacity) {
                droppedSeq = entries.removeFirst().seq();
                dropped++;
            }
            total = dropped;
            notifyAll();
        }
        if (droppedSeq >= 0 && (total == 1 || total % 1000 == 0)) {
            log.warn("Event outbox full (" + capacity + " unacknowledged events): dropped event seq " + droppedSeq
                    + "; " + total + " dropped so far. Is the bridge reachable?");
        }
        return seq;
    }

    /** Cumulative acknowledgement: every event with seq <= ackSeq is stored by the bridge. */
    public synchronized void ack(long ackSeq) {
        while (!entries.isEmpty() && entries.peekFirst().seq() <= ackSeq) entries.removeFirst();
        lastAcked = Math.max(lastAcked, Math.min(ackSeq, lastSeq));
    }

    /** Up to {@code max} events with seq > {@code afterSeq}, waiting up to {@code waitMs} for one. */
    public synchronized List<Entry> after(long afterSeq, int max, long waitMs) throws InterruptedException {
        long deadline = System.currentTimeMillis() + waitMs;
        while (lastSeq <= afterSeq) {
            long left = deadline - System.currentTimeMillis();
            if (left <= 0) return List.of();
            wait(left);
        }
        List<Entry> out = new ArrayList<>();
        for (Entry e : entries) {
            if (e.seq() > afterSeq) {
                out.add(e);
                if (out.size() >= max) break;
            }
        }
        return out;
    }

    /** Wakes a sender waiting in {@link #after} (e.g. to notice a closed connection). */
    public synchronized void wakeUp() {
        notifyAll();
    }

    public synchronized void resize(int newCapacity) {
        capacity = newCapacity;
        while (entries.size() > capacity) {
            entries.removeFirst();
            dropped++;
        }
    }

    public synchronized int size() {
        return entries.size();
    }

    public synchronized long dropped() {
        return dropped;
    }

    public synchronized long lastSeq() {
        return lastSeq;
    }

    /**
     * The lowest seq still held (the oldest unacknowledged event, or the next seq when empty): every
     * lower seq was acknowledged or dropped. The outbox only ever loses its head, so what it holds
     * is always the contiguous range resumeSeq..lastSeq.
     */
    public synchronized long resumeSeq() {
        return entries.isEmpty() ? lastSeq + 1 : entries.peekFirst().seq();
    }

    public synchronized long lastAcked() {
        return lastAcked;
    }
}
