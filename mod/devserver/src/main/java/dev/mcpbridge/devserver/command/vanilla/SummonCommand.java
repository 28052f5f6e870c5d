package dev.mcpbridge.devserver.command.vanilla;

import dev.mcpbridge.devserver.command.Args;
import dev.mcpbridge.devserver.command.Command;
import dev.mcpbridge.devserver.command.CommandContext;
import dev.mcpbridge.devserver.command.CommandReader;
import dev.mcpbridge.devserver.command.CommandSyntaxException;
import dev.mcpbridge.devserver.world.SummonedEntity;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.UUID;

/**
 * {@code summon <entity> [<x> <y> <z>] [<nbt>]}: "Summoned new Villager". Of the NBT only
 * CustomName (a JSON text component in an SNBT string, as 1.21.1 reads it, or a plain string) and
 * Tags are kept; the rest (NoAI, Invulnerable, ...) describes behaviour the devserver does not simulate.
 */
public final class SummonCommand implements Command {
    @Override
    public int run(CommandContext ctx, CommandReader r) throws CommandSyntaxException {
        Args.next(ctx, r);
        String id = Args.resourceId(r);
        String type = id.contains(":") ? id : "minecraft:" + id;
        if (type.equals("minecraft:player")) {
            throw ctx.fail("commands.summon.failed");
        }
        double[] origin = ctx.source().pos() != null ? ctx.source().pos() : ctx.world().spawn();
        double[] pos = origin;
        if (Args.hasNext(r)) {
            pos = Coordinates.parse(ctx, r, origin);
        }
        String nbt = Args.hasNext(r) ? r.readRemaining() : "";
        SummonNbt parsed = SummonNbt.parse(nbt);
        SummonedEntity entity = new SummonedEntity(UUID.randomUUID(), type, ctx.source().dimension(), pos[0], pos[1], pos[2],
                parsed.customName(), Set.copyOf(new LinkedHashSet<>(parsed.tags())));
        ctx.world().summon(entity);
        ctx.send(ctx.tr("commands.summon.success", entity.displayName(EntityNames.of(ctx, type))));
        return 1;
    }
}
