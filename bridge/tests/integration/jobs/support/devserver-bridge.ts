/**
 * Test support: a devserver, the real bridge on it and a producer that queues signed jobs, for the
 * job tests that need a real game server. The bridge's config is testConfig's, pointed at the
 * devserver, with the given environment on top.
 */
import {
  type DevserverOptions,
  type RunningDevserver,
  startDevserver,
} from "../../../../../shared/testing/devserver.js";
import { type Bridge, type BridgeDeps, createBridge } from "../../../../src/bridge.js";
import { testConfig } from "../../../../testing/test-config.js";
import { Producer } from "../producer.js";

export interface DevserverBridge {
  devserver: RunningDevserver;
  bridge: Bridge;
  producer: Producer;
  /** Stops the bridge, the producer and the devserver. */
  stop(): Promise<void>;
}

export async function startDevserverBridge(
  devserverOptions: DevserverOptions,
  env: Record<string, string> = {},
  deps: BridgeDeps = { http: false },
): Promise<DevserverBridge> {
  const devserver = await startDevserver(devserverOptions);
  const config = testConfig(devserver.rconPort, {
    MC_RCON_PASSWORD: devserver.password,
    MC_STATUS_PORT: String(devserver.statusPort),
    ...env,
  });
  const bridge = createBridge(config, deps);
  const producer = new Producer(config);
  const stop = async () => {
    await bridge.stop();
    await producer.close();
    await devserver.stop();
  };
  try {
    await producer.ready();
    await bridge.start();
  } catch (error) {
    await stop();
    throw error;
  }
  return { devserver, bridge, producer, stop };
}
