package dev.mcpbridge.core.dispatch;

import dev.mcpbridge.core.spi.GameAccess;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Supplier;

/** Runs game access on the server thread: inline when already there, else through serverExecutor. */
public final class ServerThread {
    private ServerThread() {}

    /** A future completed on the server thread (already complete when called there). */
    public static <T> CompletableFuture<T> submit(GameAccess game, Supplier<T> task) {
        if (game.isServerThread()) {
            try {
                return CompletableFuture.completedFuture(task.get());
            } catch (RuntimeException e) {
                return CompletableFuture.failedFuture(e);
            }
        }
        try {
            return CompletableFuture.supplyAsync(task, game.serverExecutor());
        } catch (RejectedExecutionException e) {
            return CompletableFuture.failedFuture(new BridgeException(ErrorCode.SERVER_ERROR,
                    "The server is not accepting tasks (stopping?); try again later", null, e));
        }
    }
}
