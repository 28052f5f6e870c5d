/** Test support: a logger that is silent unless TEST_LOG_LEVEL says otherwise. */
import { createLogger } from "@mcp-bridge/shared";

export const quiet = createLogger({ name: "bitburner-test", level: process.env.TEST_LOG_LEVEL ?? "silent" });
