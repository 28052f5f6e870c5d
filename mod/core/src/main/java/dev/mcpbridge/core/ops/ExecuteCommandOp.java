package dev.mcpbridge.core.ops;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import dev.mcpbridge.core.dispatch.BridgeException;
import dev.mcpbridge.core.dispatch.ErrorCode;
import dev.mcpbridge.core.dispatch.JsonFields;
import dev.mcpbridge.core.ops.args.ArgRules;
import dev.mcpbridge.core.ops.args.OpArgs;
import dev.mcpbridge.core.spi.GameAccess.CommandResult;

/**
 * execute_command: the whitelist decides first (nothing refused ever reaches the game); then the game
 * runs it as the console. A command that ran without an error succeeds with its output and result
 * (0 included, as vanilla: {@code list} with nobody online); one the game refuses is INVALID_COMMAND,
 * logged with command, reason and stack trace (docs/properties.md, #15).
 */
final class ExecuteCommandOp {
    record Args(String command) implements OpArgs {
        static Args parse(JsonFields f) {
            return new Args(f.string("command", 1, ArgRules.MAX_COMMAND_LENGTH, null, null));
        }

        @Override
        public JsonObject toJson() {
            JsonObject o = new JsonObject();
            o.addProperty("command", command);
            return o;
        }
    }

    private ExecuteCommandOp() {}

    static JsonElement run(Args args, OpContext ctx) {
        String command = ctx.gate().check(args.command());
        CommandResult result;
        try {
            result = ctx.game().executeCommand(command);
        } catch (RuntimeException e) {
            ctx.log().error("Command failed: '" + command + "': the game threw " + e, e);
            throw new BridgeException(ErrorCode.SERVER_ERROR, "Command '" + command + "' failed inside the server: "
                    + e.getMessage(), commandDetails(command, null), e);
        }
        String output = String.join("\n", result.output());
        if (!result.success()) {
            BridgeException error = new BridgeException(ErrorCode.INVALID_COMMAND, "Command '" + command
                    + "' failed: " + (output.isEmpty() ? "the game reported no output" : output),
                    commandDetails(command, result));
            ctx.log().error("Command failed: '" + command + "': " + (output.isEmpty() ? "no output" : output), error);
            throw error;
        }
        JsonObject data = new JsonObject();
        data.addProperty("output", output);
        data.addProperty("result", result.result());
        return data;
    }

    private static JsonObject commandDetails(String command, CommandResult result) {
        JsonObject d = new JsonObject();
        d.addProperty("command", command);
        if (result != null) {
            d.addProperty("result", result.result());
            JsonArray out = new JsonArray();
            result.output().forEach(out::add);
            d.add("output", out);
        }
        return d;
    }
}
