# NPC service for scripts/up (sourced). NPCs are configured when NPC_FILE is set, or, with the
# devserver, by the demo "Villager Bob" (npc/examples/villager-bob.json). They run only when an LLM
# answers (Ollama at OLLAMA_HOST, or an OpenAI-compatible server at OPENAI_BASE_URL); otherwise one
# line says they are off and how to turn them on.
#   npc_prepare   before the devserver starts: sets NPC_ENABLED and NPC_ALLOW_ARGS (mod allow-list)
#   npc_start     after the bridge is up: merges the NPCs' policy clients and starts the service

npc_prepare() {
  NPC_ENABLED=""
  NPC_ALLOW_ARGS=()
  if [ -z "${NPC_FILE:-}" ]; then
    [ -z "${MC_RCON_HOST:-}" ] || return 0
    NPC_FILE="$RUN_DIR/npcs.json"
    sed "s/\"serverId\": \"default\"/\"serverId\": \"$MC_SERVER_ID\"/" npc/examples/villager-bob.json >"$NPC_FILE"
  fi
  export NPC_FILE OLLAMA_HOST="${OLLAMA_HOST:-http://127.0.0.1:11434}"
  local why
  if ! why="$(node npc/dist/main.js check 2>&1)"; then
    why="${why//$'\n'/; }"
    log "NPCs are off: ${why%.}. To enable them start Ollama ('ollama serve', 'ollama pull llama3.2') or point OLLAMA_HOST / OPENAI_BASE_URL (+ LLM_API_KEY, llm.backend \"openai\") at an LLM, then re-run ./scripts/up"
    return 0
  fi
  NPC_ENABLED=1
  local pattern
  while IFS= read -r pattern; do
    [ -n "$pattern" ] && NPC_ALLOW_ARGS+=(--allow "$pattern")
  done < <(node npc/dist/main.js policy --mod-allow)
}

npc_start() {
  [ -n "$NPC_ENABLED" ] || return 0
  node npc/dist/main.js policy --merge "$POLICY_FILE"
  NPC_OPS_PORT="${NPC_OPS_PORT:-$(free_port)}"
  NPC_OPS_PORT="$NPC_OPS_PORT" NPC_CONSUMER="${NPC_CONSUMER:-npc-up}" node npc/dist/main.js >"$RUN_DIR/npc.log" 2>&1 &
  PIDS+=($!)
  for _ in $(seq 1 100); do grep -q "NPC SERVICE READY" "$RUN_DIR/npc.log" && break; sleep 0.2; done
  grep -q "NPC SERVICE READY" "$RUN_DIR/npc.log" || die "the NPC service did not start; see $RUN_DIR/npc.log"
  log "NPCs on (definitions $NPC_FILE, live-reloaded); ops and operator MCP tools at http://127.0.0.1:$NPC_OPS_PORT (/healthz /metrics /mcp)"
}
