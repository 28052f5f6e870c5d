package dev.mcpbridge.devserver.management;

import com.google.gson.JsonArray;
import dev.mcpbridge.devserver.loop.TickLoop;
import dev.mcpbridge.devserver.variant.Flavour;
import dev.mcpbridge.devserver.variant.GameVersion;
import dev.mcpbridge.devserver.world.SimPlayer;
import dev.mcpbridge.devserver.world.World;
import java.util.function.Supplier;

/** The simulated world as the management protocol reads it (always on the main thread). */
public final class WorldState implements ManagementServer.GameState {
    private final World world;
    private final TickLoop loop;
    private final GameVersion version;
    private final Flavour flavour;

    public WorldState(World world, TickLoop loop, GameVersion version, Flavour flavour) {
        this.world = world;
        this.loop = loop;
        this.version = version;
        this.flavour = flavour;
    }

    @Override
    public JsonArray players() {
        JsonArray list = new JsonArray();
        for (SimPlayer p : world.players()) {
            list.add(ManagementEvents.player(p.name(), p.uuid()));
        }
        return list;
    }

    @Override
    public String versionName() {
        return flavour.statusVersionName(version);
    }

    @Override
    public int protocolVersion() {
        return version.protocol();
    }

    @Override
    public String managementVersion() {
        return version.managementVersion();
    }

    @Override
    public <T> T onMainThread(Supplier<T> body) {
        return loop.callBlocking(body);
    }
}
