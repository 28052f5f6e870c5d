package dev.mcpbridge.core.ops;

import com.google.gson.JsonElement;
import dev.mcpbridge.core.dispatch.JsonFields;
import dev.mcpbridge.core.ops.args.EmptyArgs;
import dev.mcpbridge.core.ops.args.OpArgs;
import java.util.Optional;
import java.util.function.Function;

/**
 * Every operation of shared/src/schemas/operations.ts: wire name, kind (command or query), whether it
 * changes the game (writes are idempotent by request id), its argument parser and its handler.
 */
public enum Operation {
    EXECUTE_COMMAND("execute_command", true, ExecuteCommandOp.Args::parse,
            (a, c) -> ExecuteCommandOp.run((ExecuteCommandOp.Args) a, c)),
    SEND_MESSAGE("send_message", true, SendMessageOp.Args::parse, (a, c) -> SendMessageOp.run((SendMessageOp.Args) a, c)),
    TELEPORT_PLAYER("teleport_player", true, TeleportPlayerOp.Args::parse,
            (a, c) -> TeleportPlayerOp.run((TeleportPlayerOp.Args) a, c)),
    GIVE_ITEM("give_item", true, GiveItemOp.Args::parse, (a, c) -> GiveItemOp.run((GiveItemOp.Args) a, c)),
    GET_ONLINE_PLAYERS("get_online_players", false, EmptyArgs::parse, (a, c) -> PlayerQueries.online(c)),
    GET_PLAYER_INFO("get_player_info", false, PlayerQueries.Args::parse,
            (a, c) -> PlayerQueries.info((PlayerQueries.Args) a, c)),
    GET_SERVER_INFO("get_server_info", false, EmptyArgs::parse, (a, c) -> ServerInfoOp.run(c)),
    GET_WORLD_INFO("get_world_info", false, WorldInfoOp.Args::parse, (a, c) -> WorldInfoOp.run((WorldInfoOp.Args) a, c)),
    GET_NEARBY_MOBS("get_nearby_mobs", false, NearbyMobsOp.Args::parse,
            (a, c) -> NearbyMobsOp.run((NearbyMobsOp.Args) a, c)),
    HELLO("hello", false, EmptyArgs::parse, (a, c) -> HelloOp.run(c));

    /** Runs on the server thread; failures are BridgeExceptions. */
    @FunctionalInterface
    public interface Handler {
        JsonElement run(OpArgs args, OpContext context);
    }

    private final String wireName;
    private final boolean write;
    private final Function<JsonFields, OpArgs> parser;
    private final Handler handler;

    Operation(String wireName, boolean write, Function<JsonFields, OpArgs> parser, Handler handler) {
        this.wireName = wireName;
        this.write = write;
        this.parser = parser;
        this.handler = handler;
    }

    public String wireName() {
        return wireName;
    }

    /** "command" for writes, "query" for reads: the envelope type that carries it. */
    public String kind() {
        return write ? "command" : "query";
    }

    public boolean isWrite() {
        return write;
    }

    public OpArgs parseArgs(JsonFields args) {
        return parser.apply(args);
    }

    public JsonElement run(OpArgs args, OpContext context) {
        return handler.run(args, context);
    }

    public static Optional<Operation> byWireName(String name) {
        for (Operation op : values()) {
            if (op.wireName.equals(name)) return Optional.of(op);
        }
        return Optional.empty();
    }
}
