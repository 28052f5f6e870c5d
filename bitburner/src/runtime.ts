/**
 * Everything one process shares between sessions, built once from the config: the game link,
 * the Remote API, the definitions cache, access (policy, hot-reloaded), metrics and the ops port.
 * `close()` is idempotent.
 */
import { type Logger, type Policy, PolicyStore } from "@mcp-bridge/shared";
import { Access } from "./access.js";
import type { BitburnerConfig } from "./config.js";
import { DefinitionsCache } from "./definitions/definitions-cache.js";
import { GameCapabilities } from "./game/game-capabilities.js";
import { GameLink } from "./game/game-link.js";
import { RemoteApi } from "./game/remote-api.js";
import { createMetrics, type Metrics } from "./ops/metrics.js";
import { type OpsServer, startOpsServer } from "./ops/ops-server.js";
import type { ServerDeps } from "./server.js";

export interface Runtime {
  deps: ServerDeps;
  link: GameLink;
  metrics: Metrics;
  ops: OpsServer;
  policy: (() => Policy) | undefined;
  close(): Promise<void>;
}

/** `givenPolicy` replaces POLICY_FILE (tests); otherwise the file, if any, is loaded and watched. */
export async function createRuntime(
  config: BitburnerConfig,
  logger: Logger,
  givenPolicy?: () => Policy,
): Promise<Runtime> {
  let store: PolicyStore | undefined;
  if (config.policyFile && !givenPolicy) {
    const path = config.policyFile;
    store = new PolicyStore(path, {
      onReload: () => logger.info({ policyFile: path }, "policy reloaded"),
      onError: (error) =>
        logger.error({ err: error.message }, "policy file invalid; keeping the previous policy"),
    }).watch();
  }
  const policy = givenPolicy ?? (store ? () => store.current() : undefined);
  const metrics = createMetrics();
  const link = await GameLink.listen({ ...config.game, logger, observer: metrics });
  let ops: OpsServer;
  try {
    ops = await startOpsServer(config.ops, metrics, () => link.status());
  } catch (error) {
    await link.close();
    store?.close();
    throw error;
  }
  const api = new RemoteApi(link);
  const deps: ServerDeps = {
    api,
    game: new GameCapabilities(api, link, logger),
    access: new Access(policy, config.fileWriteMaxBytes),
    definitions: new DefinitionsCache(api, link),
    logger,
    observer: metrics,
    policyChanges: store?.onChange,
  };
  let closing: Promise<void> | undefined;
  return {
    deps,
    link,
    metrics,
    ops,
    policy,
    close() {
      closing ??= Promise.allSettled([link.close(), ops.close()]).then(() => store?.close());
      return closing;
    },
  };
}
