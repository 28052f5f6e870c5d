# scripts/up's devserver: started under a supervisor that restarts it when it exits on its own (a
# crash, or `stop` over RCON) with a backoff of 1, 2, 4 ... 30 s (back to 1 s after a minute of
# uptime), while Redis, the bridge and the MCP server keep running; the bridge reconnects RCON and
# the mod reconnects its event stream by themselves. Source it after common.sh.

DEV_JAR="$ROOT/mod/devserver/target/mcpbridge-devserver.jar"
DEV_LOG="$RUN_DIR/devserver.log"
DEV_PID_FILE="$RUN_DIR/devserver.pid"

# Runs in the background (`supervise_devserver ARGS... &`); stops the devserver on SIGTERM.
supervise_devserver() {
  local delay=1 child="" sleeper="" started rc
  trap '[ -n "$child" ] && kill -TERM "$child" 2>/dev/null; [ -n "$sleeper" ] && kill "$sleeper" 2>/dev/null
        [ -n "$child" ] && wait "$child" 2>/dev/null; rm -f "$DEV_PID_FILE"; exit 0' TERM
  while :; do
    started=$SECONDS
    java -jar "$DEV_JAR" "$@" >>"$DEV_LOG" 2>&1 &
    child=$!
    echo "$child" >"$DEV_PID_FILE"
    rc=0
    wait "$child" || rc=$?
    child=""
    grep -q "DEVSERVER READY" "$DEV_LOG" || exit 1 # never started: a configuration error, not a crash
    if ((SECONDS - started >= 60)); then delay=1; fi
    log "the devserver exited (status $rc): restarting it in ${delay} s; Redis, the bridge and the MCP server keep running (log: $DEV_LOG)"
    sleep "$delay" &
    sleeper=$!
    wait "$sleeper" || true
    sleeper=""
    delay=$((delay * 2 > 30 ? 30 : delay * 2))
  done
}

# start_devserver EXTRA_ARGS...: the devserver on DEV_RCON_PORT / DEV_STATUS_PORT for MC_SERVER_ID,
# sending events to the bridge on BRIDGE_PORT; waits until it is ready. Sets DEV_SUPERVISOR_PID.
start_devserver() {
  : >"$DEV_LOG"
  # Secrets by environment, never as arguments: every user can read a process's command line.
  DEVSERVER_RCON_PASSWORD="$DEV_RCON_PASSWORD" DEVSERVER_EVENTS_TOKEN="$DEV_EVENTS_TOKEN" \
    supervise_devserver --rcon-port "$DEV_RCON_PORT" \
    --status-port "$DEV_STATUS_PORT" --server-id "$MC_SERVER_ID" \
    --bridge-url "ws://127.0.0.1:$BRIDGE_PORT/events" \
    --state-dir "$RUN_DIR/devserver-state" "$@" &
  DEV_SUPERVISOR_PID=$!
  for _ in $(seq 1 150); do
    grep -q "DEVSERVER READY" "$DEV_LOG" && return 0
    kill -0 "$DEV_SUPERVISOR_PID" 2>/dev/null || break
    sleep 0.2
  done
  tail -n 20 "$DEV_LOG" >&2
  die "the devserver did not start; see $DEV_LOG"
}

# Lines for up's banner: how to make events happen (the devserver) or where they come from.
events_hint() {
  if [ -n "${DEV_SUPERVISOR_PID:-}" ]; then
    cat <<EOS

  Make the world move    ./scripts/sim chat Steve hello    (also: join NAME, quit NAME, die NAME [cause],
                         break NAME X Y Z, rate EVENTS_PER_S [SECONDS], stop); then call get_events
  Devserver allow-list   ./scripts/up --allow 'REGEX' adds a command pattern the mod allows
EOS
  else
    printf '\n  Events                 come from the server at %s when it runs the mod (README: Attaching)\n' "$MC_RCON_HOST"
  fi
}
