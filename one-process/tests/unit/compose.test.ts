// docker-compose.one-process.yml cannot be run here (no Docker engine): its one-process service's
// environment, with the compose variables filled in as `docker compose` would, must load in the one
// process's own config loader (both parts' schemas), serve what the separate services served, and
// reach the mod's events URL; the Dockerfile must build the one-process image. The file's shape is
// validated against the Compose Specification by scripts/tests/compose.test.ts.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { loadConfig } from "../../src/config.js";

const root = new URL("../../../", import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), "utf8");
type Service = {
  profiles?: string[];
  build?: { dockerfile: string; args?: Record<string, string> };
  environment?: Record<string, string>;
  ports?: string[];
  networks?: Record<string, { aliases?: string[] }>;
};
const services = (file: string) => parse(read(file)).services as Record<string, Service>;
const base = services("docker-compose.yml");
const override = services("docker-compose.one-process.yml");
const one = override["one-process"]!;

/** `${NAME}`, `${NAME:?message}` -> the .env value; `${NAME:-default}` -> the value or the default. */
function fill(value: string, dotEnv: Record<string, string>): string {
  return value.replace(
    /\$\{(\w+)(?::([-?])([^}]*))?\}/g,
    (_all, name: string, kind?: string, rest?: string) => {
      const given = dotEnv[name];
      if (given !== undefined && given !== "") return given;
      if (kind === "-") return rest ?? "";
      throw new Error(`${name} is not set (${rest ?? "required"})`);
    },
  );
}

/** What scripts/deploy/make-secrets writes to .env (values of the same shape). */
const DOT_ENV = {
  REDIS_PASSWORD: "redis-password-0123456789",
  JOB_SECRET: "job-secret-0123456789abcdef0123",
  RCON_PASSWORD: "rcon-password-0123",
  MC_EVENTS_TOKEN: "events-token-0123456789abcdef",
  BOARD_PASSWORD: "board-password-0123",
};

describe("docker-compose.one-process.yml", () => {
  it("replaces the bridge and MCP services (profile 'split') with one-process built from the Dockerfile", () => {
    expect(override.bridge!.profiles).toEqual(["split"]);
    expect(override.mcp!.profiles).toEqual(["split"]);
    expect(one.build!.args!.SERVICE).toBe("one-process");
    expect(read(one.build!.dockerfile)).toMatch(/one-process\) packages="shared bridge mcp one-process"/);
  });

  it("gives the one process every variable the two services had, loadable by its config", () => {
    const env = Object.fromEntries(Object.entries(one.environment!).map(([k, v]) => [k, fill(v, DOT_ENV)]));
    // MCP_SERVERS is left out on purpose: unset, the one process serves the bridge's servers.
    for (const name of ["bridge", "mcp"]) {
      for (const key of Object.keys(base[name]!.environment!).filter((k) => k !== "MCP_SERVERS"))
        expect(env, `${name}: ${key}`).toHaveProperty(key);
    }
    expect(env).not.toHaveProperty("MCP_SERVERS");
    const config = loadConfig(env);
    expect(config.mcp.http.host).toBe("0.0.0.0");
    expect(config.mcp.http.port).toBe(3000);
    expect(config.bridge.http.port).toBe(8080);
    expect(config.bridge.servers.map((s) => s.id)).toEqual(["default"]);
    expect(config.mcp.servers).toEqual(["default"]);
  });

  it("publishes the same loopback ports and answers the mod's ws://bridge:8080/events", () => {
    expect([...one.ports!].sort()).toEqual([...base.bridge!.ports!, ...base.mcp!.ports!].sort());
    expect(one.networks!.default!.aliases).toContain("bridge");
    expect(read("scripts/deploy/minecraft-mcp-bridge.toml.in")).toMatch(/ws:\/\/bridge:8080\/events/);
  });
});
