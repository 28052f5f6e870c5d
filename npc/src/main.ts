#!/usr/bin/env node
/**
 * Process entry of the NPC service.
 *   minecraft-npc                      run the service (NPC_FILE, REDIS_URL, JOB_SECRET, POLICY_FILE, ...)
 *   minecraft-npc policy [--merge F]   print the policy fragment of the NPCs in NPC_FILE, or merge it into F
 *   minecraft-npc policy --mod-allow   print the mod allow-list patterns the NPCs need, one per line
 *   minecraft-npc check                exit 0 when every LLM backend the NPCs use is ready, else say why
 * The service starts whether or not the LLM is ready: its NPCs turn on when it is (llm/readiness.ts).
 */
import {
  connectRedis,
  createLogger,
  loadConfigOrExit,
  PolicyStore,
  redactRedisUrl,
} from "@mcp-bridge/shared";
import { loadConfig, loadLlmConfig } from "./config.js";
import { modAllowPatterns, policyFragment } from "./definitions/command-patterns.js";
import { mergePolicyFile } from "./definitions/policy-file.js";
import { DefinitionStore } from "./definitions/store.js";
import { OllamaBackend } from "./llm/ollama.js";
import { OpenAiBackend } from "./llm/openai.js";
import { llmProblems } from "./llm/readiness.js";
import { startOpsServer } from "./ops/ops-server.js";
import { coalesceRedisWrites } from "./redis-writes.js";
import { NpcService } from "./service.js";

const [command, flag, target] = process.argv.slice(2);

function definitions() {
  const path = process.env.NPC_FILE;
  if (!path) {
    process.stderr.write("NPC_FILE: is required: path of the NPC definitions file (JSON or YAML)\n");
    process.exit(2);
  }
  try {
    return DefinitionStore.read(path).npcs.filter((n) => n.enabled);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(2);
  }
}

async function check(): Promise<void> {
  const npcs = definitions();
  const llm = loadConfigOrExit(() => loadLlmConfig(process.env));
  const ollama = new OllamaBackend({ baseUrl: llm.ollamaHost, retries: 0 });
  const openai = new OpenAiBackend({ baseUrl: llm.openaiBaseUrl, retries: 0 }, llm.apiKey);
  const problems = await llmProblems(npcs, (npc) => (npc.llm.backend === "ollama" ? ollama : openai));
  if (problems.length > 0) {
    process.stdout.write(`${problems.join("\n")}\n`);
    process.exit(1);
  }
}

async function serve(): Promise<void> {
  const config = loadConfigOrExit(() => loadConfig(process.env));
  const logger = createLogger({ name: "npc", level: config.logLevel });
  const redis = coalesceRedisWrites(connectRedis(config.redisUrl, { maxRetriesPerRequest: 3 }));
  redis.on("error", (error) => logger.warn({ err: error.message }, "redis error"));
  const service = new NpcService(config, redis, logger);
  await service.start();
  const policies = new PolicyStore(config.policyFile).watch();
  const policy = () => policies.current();
  const ops = await startOpsServer(service, redis, policy, {
    ...config.ops,
    policyChanges: policies.onChange,
  });
  logger.info(
    {
      npcs: service.list().length,
      npcsOn: service.npcsOn,
      ops: ops.url,
      redis: redactRedisUrl(config.redisUrl),
    },
    service.npcsOn ? "NPC SERVICE READY" : "NPC SERVICE READY; the NPCs turn on when the LLM is ready",
  );
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    logger.info("stopping");
    await ops.close();
    await service.close();
    redis.disconnect();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop());
  process.on("SIGTERM", () => void stop());
}

if (command === "policy") {
  const npcs = definitions();
  if (flag === "--merge" && target) {
    mergePolicyFile(target, npcs);
  } else if (flag === "--mod-allow") {
    process.stdout.write(`${modAllowPatterns(npcs).join("\n")}\n`);
  } else {
    process.stdout.write(`${JSON.stringify(policyFragment(npcs), null, 2)}\n`);
  }
} else if (command === "check") {
  await check();
} else {
  await serve();
}
