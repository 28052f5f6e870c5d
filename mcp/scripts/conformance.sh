#!/usr/bin/env bash
# Runs the official MCP conformance suite (server scenarios, Streamable HTTP) against minecraft-mcp
# and fails on any failure not listed in mcp/conformance-baseline.yml (or on a stale entry).
# Needs a Redis: REDIS_URL (default redis://127.0.0.1:6379). Set CONFORMANCE_VERBOSE=1 for the full report.
set -euo pipefail
cd "$(dirname "$0")/../.."
export REDIS_URL="${REDIS_URL:-redis://127.0.0.1:6379}"
exec npx vitest run --project integration mcp/tests/integration/conformance.test.ts "$@"
