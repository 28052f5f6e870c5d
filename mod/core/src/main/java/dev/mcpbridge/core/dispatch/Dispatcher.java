package dev.mcpbridge.core.dispatch;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import dev.mcpbridge.core.json.AsciiJson;
import dev.mcpbridge.core.ops.OpContext;
import java.util.ArrayList;
import java.util.List;
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
            if (!value.isJsonArray()) return AsciiJson.write(handleAll(List.of(value)).get(0));
            JsonArray batch = value.getAsJsonArray();
            if (batch.isEmpty() || batch.size() > MAX_BATCH) {
                throw BridgeException.field(ErrorCode.SCHEMA_ERROR, "(message)",
                        "a batch must hold 1.." + MAX_BATCH + " requests, got " + batch.size());
            }
            JsonArray answers = new JsonArray(batch.size());
            for (JsonObject answer : handleAll(batch.asList())) answers.add(answer);
            return AsciiJson.write(answers);
        } catch (BridgeException e) {
            return AsciiJson.write(Envelopes.error(null, e));
        } catch (RuntimeException | StackOverflowError e) {
            return AsciiJson.write(Envelopes.error(null, unexpected("reading the request", e)));
        }
    }

    /** One request between parsing and answering: a ready answer, a read, or a claimed write. */
    private static final class Step {
        final String id;
        Request request;
        OpContext ctx;
        JsonObject answer;
        /** Writes only: the future this request runs into, and what its claim found (null = run it). */
        CompletableFuture<JsonElement> fresh;
        CompletableFuture<JsonElement> previous;

        Step(String id) {
            this.id = id;
        }
    }

    /**
     * Request values to their answer envelopes, in order. All writes are claimed before the first
     * request runs, so a durable idempotency cache records them with one flush.
     */
    private List<JsonObject> handleAll(List<JsonElement> values) {
        List<Step> steps = new ArrayList<>(values.size());
        for (JsonElement value : values) steps.add(prepare(value));
        claimWrites(steps);
        List<JsonObject> answers = new ArrayList<>(steps.size());
        for (Step step : steps) answers.add(finish(step));
        cache.flush();
        return answers;
    }

    private Step prepare(JsonElement value) {
        Step step = new Step(RequestParser.idOf(value));
        try {
            step.request = RequestParser.parse(value);
            step.ctx = context.get();
            if (step.request.operation().isWrite()) step.fresh = new CompletableFuture<>();
        } catch (BridgeException e) {
            step.answer = Envelopes.error(step.id, e);
        } catch (RuntimeException | StackOverflowError e) {
            step.answer = Envelopes.error(step.id, unexpected("handling request " + step.id, e));
        }
        return step;
    }

    private void claimWrites(List<Step> steps) {
        List<Step> writes = new ArrayList<>();
        for (Step s : steps) if (s.answer == null && s.fresh != null) writes.add(s);
        if (writes.isEmpty()) return;
        try {
            List<CompletableFuture<JsonElement>> previous = cache.claimAll(
                    writes.stream().map(s -> s.request.id()).toList(), writes.stream().map(s -> s.fresh).toList());
            for (int i = 0; i < writes.size(); i++) writes.get(i).previous = previous.get(i);
        } catch (RuntimeException e) {
            for (Step s : writes) s.answer = Envelopes.error(s.id, unexpected("claiming request " + s.id, e));
        }
    }

    private JsonObject finish(Step step) {
        if (step.answer != null) return step.answer;
        Request request = step.request;
        try {
            long timeoutMs = step.ctx.config().serverThreadTimeoutMs();
            if (step.fresh == null) {
                return Envelopes.response(request.id(), await(run(request, step.ctx), timeoutMs, request), false);
            }
            if (step.previous != null) {
                return Envelopes.response(request.id(), await(step.previous, timeoutMs, request), true);
            }
            CompletableFuture<JsonElement> fresh = step.fresh;
            run(request, step.ctx).whenComplete((data, error) -> {
                if (error == null) fresh.complete(data);
                else fresh.completeExceptionally(error);
            });
            return Envelopes.response(request.id(), await(fresh, timeoutMs, request), false);
        } catch (BridgeException e) {
            return Envelopes.error(step.id, e);
        } catch (RuntimeException | StackOverflowError e) {
            return Envelopes.error(step.id, unexpected("handling request " + step.id, e));
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
