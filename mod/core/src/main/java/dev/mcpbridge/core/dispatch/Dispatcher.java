package dev.mcpbridge.core.dispatch;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import dev.mcpbridge.core.json.AsciiJson;
import dev.mcpbridge.core.ops.OpContext;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * The /mcpbridge boundary. In: the text after "mcpbridge " — one request envelope or a JSON array of
 * them (a batch). Out: ONE line of ASCII JSON — a response/error envelope, or an array of them in the
 * request order. Never throws: user mistakes become error envelopes, anything unexpected is logged
 * with its stack trace and answered with SERVER_ERROR.
 */
public final class Dispatcher {
    public static final int MAX_BATCH = 100;

    private final Supplier<OpContext> context;
    private final IdempotencyCache cache;

    public Dispatcher(Supplier<OpContext> context, IdempotencyCache cache) {
        this.context = context;
        this.cache = cache;
    }

    public String handle(String input) {
        try {
            if (input == null || input.isBlank()) {
                throw BridgeException.field(ErrorCode.SCHEMA_ERROR, "(message)",
                        "empty input; send a JSON request envelope or an array of them");
            }
            JsonElement value = RequestParser.parseJson(input.trim());
            if (!value.isJsonArray()) return AsciiJson.write(handleOne(value));
            JsonArray batch = value.getAsJsonArray();
            if (batch.isEmpty() || batch.size() > MAX_BATCH) {
                throw BridgeException.field(ErrorCode.SCHEMA_ERROR, "(message)",
                        "a batch must hold 1.." + MAX_BATCH + " requests, got " + batch.size());
            }
            JsonArray answers = new JsonArray(batch.size());
            for (JsonElement request : batch) answers.add(handleOne(request));
            return AsciiJson.write(answers);
        } catch (BridgeException e) {
            return AsciiJson.write(Envelopes.error(null, e));
        } catch (RuntimeException | StackOverflowError e) {
            return AsciiJson.write(Envelopes.error(null, unexpected("reading the request", e)));
        }
    }

    /** One request value to its answer envelope. */
    public JsonObject handleOne(JsonElement value) {
        String id = RequestParser.idOf(value);
        try {
            Request request = RequestParser.parse(value);
            OpContext ctx = context.get();
            long timeoutMs = ctx.config().serverThreadTimeoutMs();
            if (!request.operation().isWrite()) {
                return Envelopes.response(request.id(), await(run(request, ctx), timeoutMs, request), false);
            }
            CompletableFuture<JsonElement> fresh = new CompletableFuture<>();
            CompletableFuture<JsonElement> previous = cache.claim(request.id(), fresh);
            if (previous != null) return Envelopes.response(request.id(), await(previous, timeoutMs, request), true);
            run(request, ctx).whenComplete((data, error) -> {
                if (error == null) fresh.complete(data);
                else fresh.completeExceptionally(error);
            });
            return Envelopes.response(request.id(), await(fresh, timeoutMs, request), false);
        } catch (BridgeException e) {
            return Envelopes.error(id, e);
        } catch (RuntimeException | StackOverflowError e) {
            return Envelopes.error(id, unexpected("handling request " + id, e));
        }
    }

    private CompletableFuture<JsonElement> run(Request request, OpContext ctx) {
        return ServerThread.submit(ctx.game(), () -> request.operation().run(request.args(), ctx));
    }

    private JsonElement await(CompletableFuture<JsonElement> future, long timeoutMs, Request request) {
        try {
            return future.get(timeoutMs, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw timeout(request, timeoutMs, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw timeout(request, timeoutMs, e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            if (cause instanceof BridgeException b) throw b;
            throw unexpected(request.operation().wireName() + " (request " + request.id() + ")", cause);
        }
    }

    private static BridgeException timeout(Request request, long timeoutMs, Exception cause) {
        JsonObject d = new JsonObject();
        d.addProperty("timeoutMs", timeoutMs);
        String hint = request.operation().isWrite()
                ? "; it may still run: retry with the same id to get its result without running it twice" : "";
        return new BridgeException(ErrorCode.TIMEOUT, request.operation().wireName()
                + " did not finish on the server thread within " + timeoutMs + " ms" + hint, d, cause);
    }

    private BridgeException unexpected(String what, Throwable error) {
        try {
            context.get().log().error("Unexpected failure while " + what + ": " + error, error);
        } catch (RuntimeException ignored) {
            // logging must never turn an answer into a crash
        }
        return new BridgeException(ErrorCode.SERVER_ERROR, "Internal error while " + what + ": " + error
                + "; see the server log", null, error);
    }
}
