# Shared helpers for scripts/up, scripts/test and the benchmarks. Source it; do not run it.
# Everything a fresh clone needs is installed here (npm deps, a JDK, Maven via ./mvnw, Redis).

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
RUN_DIR="${RUN_DIR:-$ROOT/.run}"
mkdir -p "$RUN_DIR"

# Colour only when stderr is a terminal and NO_COLOR (https://no-color.org) is unset: log files and
# pipes get plain text.
if [ -t 2 ] && [ -z "${NO_COLOR:-}" ]; then C_BLUE=$'\033[1;34m' C_RED=$'\033[1;31m' C_OFF=$'\033[0m'; else C_BLUE="" C_RED="" C_OFF=""; fi
log() { printf '%s[%s]%s %s\n' "$C_BLUE" "${SCRIPT_NAME:-mcp-bridge}" "$C_OFF" "$*" >&2; }
die() { printf '%s[%s] error:%s %s\n' "$C_RED" "${SCRIPT_NAME:-mcp-bridge}" "$C_OFF" "$*" >&2; exit 1; }

is_root() { [ "$(id -u)" = "0" ]; }

APT_UPDATED=""
apt_install() {
  is_root || die "missing '$*' and not root: install it with your package manager"
  command -v apt-get >/dev/null || die "missing '$*' and no apt-get: install it with your package manager"
  if [ -z "$APT_UPDATED" ]; then
    log "apt-get update"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null
    APT_UPDATED=1
  fi
  log "apt-get install $*"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

ensure_node_deps() {
  command -v node >/dev/null || die "Node.js >= 20.19 is required"
  local stamp="$ROOT/node_modules/.install-stamp"
  if [ ! -f "$stamp" ] || [ "$ROOT/package-lock.json" -nt "$stamp" ]; then
    # `npm install` (not `npm ci`): some registries serve only this platform's builds of packages
    # with per-platform optional dependencies, which leaves the lock without them and makes
    # `npm ci` refuse it; `npm install` follows the lock and skips optional packages it cannot get.
    log "npm install (from package-lock.json)"
    (cd "$ROOT" && npm install --no-audit --no-fund --loglevel=error) || die "npm install failed"
    touch "$stamp"
  fi
}

ensure_java() {
  if ! command -v java >/dev/null || ! command -v javac >/dev/null; then
    apt_install openjdk-17-jdk-headless
  fi
}

# Debian's Chromium for the browser test (playwright-core drives it; no browser download).
ensure_chromium() {
  export CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}"
  [ -x "$CHROMIUM_PATH" ] || apt_install chromium
}

# Runs Maven in mod/ (core and devserver) with the given goals, through the wrapper.
mvn_mod() {
  ensure_java
  (cd "$ROOT/mod" && ./mvnw -B -ntp "$@")
}

free_port() {
  node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}

# Sets REDIS_URL: the given one, or a private redis-server on a free port (stopped on exit).
ensure_redis() {
  if [ -n "${REDIS_URL:-}" ]; then
    log "using REDIS_URL from the environment"
    return
  fi
  if ! command -v redis-server >/dev/null; then apt_install redis-server; fi
  local port dir
  port="$(free_port)"
  dir="$(mktemp -d "${TMPDIR:-/tmp}/mcpb-redis.XXXXXX")"
  redis-server --bind 127.0.0.1 --port "$port" --dir "$dir" --save "" --appendonly no \
    --maxmemory-policy noeviction --daemonize no --logfile "$dir/redis.log" &
  REDIS_PID=$!
  export REDIS_URL="redis://127.0.0.1:$port"
  for _ in $(seq 1 50); do
    if redis-cli -p "$port" ping >/dev/null 2>&1; then
      log "private redis-server on port $port (pid $REDIS_PID)"
      return
    fi
    sleep 0.1
  done
  die "redis-server did not start; see $dir/redis.log"
}

# scripts/up's Redis: 127.0.0.1:$1, AOF data in $2, log file $3, password $4 (requirepass). The
# config goes in on stdin, so the password is on no command line. Sets REDIS_PID and REDIS_URL.
start_private_redis() {
  local port="$1" dir="$2" logfile="$3" password="$4"
  printf 'bind 127.0.0.1\nport %s\ndir "%s"\nappendonly yes\nmaxmemory-policy noeviction\nsave ""\nlogfile "%s"\nrequirepass "%s"\n' \
    "$port" "$dir" "$logfile" "$password" | redis-server - >>"$logfile" 2>&1 &
  REDIS_PID=$!
  export REDIS_URL="redis://:$password@127.0.0.1:$port"
  for _ in $(seq 1 50); do
    REDISCLI_AUTH="$password" redis-cli -p "$port" ping 2>/dev/null | grep -q PONG && return 0
    sleep 0.1
  done
  die "redis-server did not start; see $logfile"
}

stop_redis() {
  if [ -n "${REDIS_PID:-}" ]; then kill "$REDIS_PID" 2>/dev/null || true; wait "$REDIS_PID" 2>/dev/null || true; fi
}
