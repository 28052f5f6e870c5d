/**
 * A bridge process for the failover and fleet tests and the fleet benchmark: the real composition
 * root, configured from the environment like main.ts. Mod mode only, unless CHILD_VANILLA=1 (then
 * the real vanilla runner). Prints "started" on stdout once running.
 */
import { BridgeError } from "@mcp-bridge/shared";
import { createBridge } from "../src/bridge.js";
import { loadConfig } from "../src/config.js";

const vanilla = process.env.CHILD_VANILLA === "1";
const bridge = createBridge(loadConfig(process.env), {
  http: false,
  ownerName: process.env.OWNER_NAME,
  probeVersion: async () => "1.21.1",
  ...(vanilla
    ? {}
    : {
        runVanilla: async () => {
          throw new BridgeError("UNSUPPORTED", "vanilla mode is not under test here");
        },
      }),
});
await bridge.start();
process.stdout.write("started\n");
process.on("SIGTERM", () => void bridge.stop().then(() => process.exit(0)));
