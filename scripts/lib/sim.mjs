// Sends one command over RCON to the devserver on 127.0.0.1:<port> (password in DEV_RCON_PASSWORD)
// and prints its answer; exits 1 with the reason when the devserver refuses or cannot be reached.
// Used by scripts/sim. The RCON client is the one the bridge uses (@mcp-bridge/shared/rcon).

import { createLogger } from "../../shared/dist/index.js";
import { RconClient } from "../../shared/dist/rcon/index.js";

const [port, ...words] = process.argv.slice(2);
const client = new RconClient({
  host: "127.0.0.1",
  port: Number(port),
  password: process.env.DEV_RCON_PASSWORD ?? "",
  timeoutMs: 5000,
  logger: createLogger({ name: "sim", level: "silent" }),
});
try {
  await client.connect();
  const answer = await client.command(words.join(" "));
  process.stdout.write(`${answer}\n`);
  // The devserver answers mistakes in vanilla's words ("Unknown or incomplete command", "<--[HERE]").
  process.exitCode = /Unknown or incomplete command|<--\[HERE\]|No player was found|already online/.test(
    answer,
  )
    ? 1
    : 0;
} catch (error) {
  process.stderr.write(
    `[sim] error: ${error.message} (is ./scripts/up running? devserver RCON on 127.0.0.1:${port})\n`,
  );
  process.exitCode = 1;
} finally {
  await client.close();
}
