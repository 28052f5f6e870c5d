# NPC service for scripts/up (sourced). NPCs are configured when NPC_FILE is set, or, with the
# devserver, by the demo "Villager Bob" (npc/examples/villager-bob.json). The service always starts;
# the NPCs answer once an LLM is ready (Ollama at OLLAMA_HOST, or an OpenAI-compatible server at
# OPENAI_BASE_URL). When it is not ready at start, one line says why and that they turn on by
# themselves when it is (the service checks in the background), and how to start one.
#   npc_prepare   before the devserver starts: sets NPC_ENABLED and NPC_ALLOW_ARGS (mod allow-list)
#   npc_start     after the bridge is up: merges the NPCs' policy clients and starts the service (its
#                 operator port kept in ports.env; it merges them again at every edit of NPC_FILE)

npc_prepare() {
  NPC_ENABLED=""
  NPC_WAITING=""
  NPC_ALLOW_ARGS=()
  if [ -z "${NPC_FILE:-}" ]; then
    [ -z "${MC_RCON_HOST:-}" ] || return 0
    NPC_FILE="$RUN_DIR/npcs.json"
    sed "s/\"serverId\": \"default\"/\"serverId\": \"$MC_SERVER_ID\"/" npc/examples/villager-bob.json >"$NPC_FILE"
  fi
  export NPC_FILE OLLAMA_HOST="${OLLAMA_HOST:-http://127.0.0.1:11434}"
  local why status=0
  why="$(node npc/dist/main.js check 2>&1)" || status=$?
  # 2: the definitions file is wrong, and the service would refuse it too
  [ "$status" -ne 2 ] || die "NPC definitions $NPC_FILE: $why"
  [ "$status" -eq 0 ] || NPC_WAITING="${why//$'\n'/; }"
  NPC_ENABLED=1
  local pattern
  while IFS= read -r pattern; do
    [ -n "$pattern" ] && NPC_ALLOW_ARGS+=(--allow "$pattern")
  done < <(node npc/dist/main.js policy --mod-allow)
}

npc_start() {
  [ -n "$NPC_ENABLED" ] || return 0
  node npc/dist/main.js policy --merge "$POLICY_FILE"
  remember_port NPC_OPS_PORT
  # NPC_POLICY_MERGE: every edit of the definitions file is merged into the policy file as well
  NPC_POLICY_MERGE="${NPC_POLICY_MERGE:-true}" NPC_CONSUMER="${NPC_CONSUMER:-npc-up}" \
    node npc/dist/main.js >"$RUN_DIR/npc.log" 2>&1 &
  PIDS+=($!)
  for _ in $(seq 1 100); do grep -q "NPC SERVICE READY" "$RUN_DIR/npc.log" && break; sleep 0.2; done
  grep -q "NPC SERVICE READY" "$RUN_DIR/npc.log" || die "the NPC service did not start; see $RUN_DIR/npc.log"
  if [ -n "$NPC_WAITING" ]; then
    log "NPCs waiting for the LLM: ${NPC_WAITING%.}. They turn on by themselves as soon as it answers (no restart; see $RUN_DIR/npc.log). To get one: start Ollama ('ollama serve', 'ollama pull llama3.2') or point OLLAMA_HOST / OPENAI_BASE_URL (+ LLM_API_KEY, llm.backend \"openai\") at an LLM"
  else
    log "NPCs on (definitions $NPC_FILE, live-reloaded)"
  fi
  log "NPC service: ops and operator MCP tools at http://127.0.0.1:$NPC_OPS_PORT (/healthz /metrics /mcp)"
}
