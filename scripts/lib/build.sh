# Builds for scripts/up: skipped when nothing changed since the last successful build (a stamp file
# per build, compared by mtime with every input), and showing progress while they run (the module
# being built) with the full output in a log file. Source it after common.sh.

# True when $1 (a stamp file) is missing or any file under the other arguments is newer than it.
# Build output folders (dist, target, node_modules) are not inputs.
stale() {
  local stamp="$1"; shift
  [ -f "$stamp" ] || return 0
  [ -n "$(find "$@" \( -name node_modules -o -name dist -o -name target \) -prune -o \
    -type f -newer "$stamp" -print -quit 2>/dev/null)" ]
}

# run_step LOGFILE PATTERN DESCRIPTION COMMAND...: runs COMMAND with its output in LOGFILE, logging
# the first group of every output line that matches the extended regex PATTERN as progress, and the
# time taken. On failure, prints the end of the log and exits.
run_step() {
  local logfile="$1" pattern="$2" what="$3" started=$SECONDS line
  shift 3
  log "$what (output in $logfile)"
  : >"$logfile"
  if ! "$@" 2>&1 | while IFS= read -r line; do
      printf '%s\n' "$line" >>"$logfile"
      if [[ $line =~ $pattern ]]; then log "  $(tr -s ' ' <<<"${BASH_REMATCH[1]}")"; fi
    done; then
    tail -n 30 "$logfile" >&2
    die "$what failed; the whole output is in $logfile"
  fi
  log "$what: done in $((SECONDS - started)) s"
}

# The TypeScript packages (every npm workspace), unless their sources are older than the last build.
build_typescript() {
  local stamp="$ROOT/node_modules/.build-stamp-ts" workspaces
  mapfile -t workspaces < <(node -p 'require("./package.json").workspaces.join("\n")')
  local missing_dist=""
  for w in "${workspaces[@]}"; do [ -d "$ROOT/$w/dist" ] || missing_dist=1; done
  if [ -z "$missing_dist" ] && ! stale "$stamp" "${workspaces[@]/#/$ROOT/}" "$ROOT/tsconfig.base.json" \
    "$ROOT/package-lock.json"; then
    log "TypeScript packages are up to date (built after their last change)"
    return
  fi
  touch "$stamp.new"
  run_step "$RUN_DIR/build-typescript.log" '^> (@[^ ]+) build' "building the TypeScript packages" npm run build
  mv "$stamp.new" "$stamp"
}

# The mod core and the devserver jar (Maven reactor), unless their sources are older than the jar.
build_mod() {
  local stamp="$ROOT/mod/devserver/target/.build-stamp"
  if [ -f "$ROOT/mod/devserver/target/mcpbridge-devserver.jar" ] && ! stale "$stamp" "$ROOT/mod/pom.xml" \
    "$ROOT/mod/core" "$ROOT/mod/devserver"; then
    log "the mod core and devserver are up to date (built after their last change)"
    return
  fi
  local started_at="$RUN_DIR/.build-stamp-mod.new"
  touch "$started_at"
  run_step "$RUN_DIR/build-maven.log" '^\[INFO\] Building (.+\[[0-9]+/[0-9]+\])$' \
    "building the mod core and devserver (Maven)" mvn_mod -DskipTests install
  mv "$started_at" "$stamp"
}
