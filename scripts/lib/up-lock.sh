# One ./scripts/up per RUN_DIR. Source it; call take_up_lock before touching anything in RUN_DIR.
# A second run would truncate the first one's logs, open a second Redis on the same AOF directory and
# a second devserver on the same journal: it exits non-zero instead, naming the running instance.
# flock on $RUN_DIR/up.lock (the kernel releases it when the holder and every child it started are
# gone); where flock is missing, a pid file checked for liveness.

take_up_lock() {
  local lock="$RUN_DIR/up.lock" info="$RUN_DIR/up.pid"
  if command -v flock >/dev/null; then
    exec 9>>"$lock" # append: opening must not erase anything the holder wrote
    if ! flock -n 9; then
      die "another ./scripts/up is already running with RUN_DIR=$RUN_DIR ($(up_lock_holder "$info")). Stop it (Ctrl-C in its terminal, or kill its pid), or start this one with another RUN_DIR and ports."
    fi
  elif [ -f "$info" ] && kill -0 "$(head -n1 "$info" | cut -d' ' -f1)" 2>/dev/null; then
    die "another ./scripts/up is already running with RUN_DIR=$RUN_DIR ($(up_lock_holder "$info")). Stop it first."
  fi
  echo "$$ started $(date -u +%Y-%m-%dT%H:%M:%SZ)" >"$info"
}

# Appends "key value" lines (ports, URLs) the refusal message of a second run shows.
note_up_lock() { echo "$*" >>"$RUN_DIR/up.pid"; }

up_lock_holder() {
  local info="$1" pid
  [ -f "$info" ] || { echo "no $info: a process it started may still hold $RUN_DIR/up.lock"; return; }
  pid="$(head -n1 "$info" | cut -d' ' -f1)"
  if kill -0 "$pid" 2>/dev/null; then
    echo "pid $pid, $(head -n1 "$info" | cut -d' ' -f2-)$(tail -n +2 "$info" | tr '\n' ';' | sed 's/;$//; s/;/, /g; s/^/, /')"
  else
    echo "its pid $pid has exited but a process it started still holds $RUN_DIR/up.lock; 'fuser $RUN_DIR/up.lock' lists them"
  fi
}
