# Ports that scripts/up picks once and keeps in $RUN_DIR/ports.env, so what it printed (the stdio
# client config holds the Redis URL; ./scripts/sim reads the RCON port) stays valid after a restart.
# Source it after common.sh.

PORTS_FILE="$RUN_DIR/ports.env"

port_is_free() {
  node -e 'const s=require("net").createServer();s.once("error",()=>process.exit(1));s.listen(+process.argv[1],"127.0.0.1",()=>s.close())' "$1"
}

# remember_port NAME: sets and exports NAME to, in order, the environment's value, the port kept in
# ports.env (when still free), or a new free port; and keeps it in ports.env.
remember_port() {
  local name="$1" kept=""
  if [ -n "${!name:-}" ]; then
    kept="${!name}"
  else
    [ -f "$PORTS_FILE" ] && kept="$(sed -n "s/^$name=\([0-9]*\)$/\1/p" "$PORTS_FILE")"
    if [ -n "$kept" ] && ! port_is_free "$kept"; then
      log "$name $kept (kept in $PORTS_FILE) is taken by another program: using a new port, so re-copy the printed client config"
      kept=""
    fi
    [ -n "$kept" ] || kept="$(free_port)"
  fi
  printf -v "$name" '%s' "$kept"
  export "${name?}"
  local others=""
  [ -f "$PORTS_FILE" ] && others="$(grep -v "^$name=" "$PORTS_FILE" || true)"
  printf '%s\n%s=%s\n' "$others" "$name" "$kept" | sed '/^$/d' >"$PORTS_FILE"
}
