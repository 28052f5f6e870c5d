# The Node.js the scripts run on. Sourced by common.sh; do not run it.
# The product targets Node 24 LTS and also runs on 22 (engines in package.json). A machine whose `node`
# is older (Node 20 is end-of-life but still what many distributions ship) gets a pinned Node from
# the npm registry's `node` package (its postinstall fetches the platform's binary package), kept in
# the git-ignored .tools/ of this checkout; the scripts put it first in PATH, so npm, npx, vitest and
# every process they start run on it.

NODE_PIN_24=24.21.0
NODE_PIN_22=22.23.3
NODE_TOOLS_DIR="$ROOT/.tools"

node_major() { "${1:-node}" -p 'process.versions.node.split(".")[0]' 2>/dev/null; }

# The machine's own node, looked up before any of the functions below changes PATH.
MACHINE_NODE="$(command -v node || true)"

# Sets NODE_BIN to a node binary of the given major version (24 or 22): the machine's own when its
# major matches, otherwise the pinned one, installed on first use.
ensure_node_major() {
  local major="$1" pin
  if [ -n "$MACHINE_NODE" ] && [ "$(node_major "$MACHINE_NODE")" = "$major" ]; then NODE_BIN="$MACHINE_NODE"; return; fi
  case "$major" in
    24) pin="$NODE_PIN_24" ;;
    22) pin="$NODE_PIN_22" ;;
    *) die "no pinned Node.js $major (pinned: $NODE_PIN_24, $NODE_PIN_22)" ;;
  esac
  local dir="$NODE_TOOLS_DIR/node-$pin"
  NODE_BIN="$dir/node_modules/node/bin/node"
  [ "$(node_major "$NODE_BIN")" = "$major" ] && return
  command -v npm >/dev/null || die "Node.js $pin is needed and there is no npm to fetch it: install Node.js 24 (or 22)"
  log "fetching Node.js $pin (the npm registry's 'node' package) into ${dir#"$ROOT"/}"
  # Into a private folder, then renamed: two scripts starting at once never see a half-installed Node.
  local tmp="$dir.tmp.$$"
  rm -rf "$tmp" && mkdir -p "$tmp"
  if ! npm install --prefix "$tmp" --no-audit --no-fund --loglevel=error "node@$pin" >/dev/null; then
    rm -rf "$tmp"
    die "could not install node@$pin from the npm registry"
  fi
  if [ "$(node_major "$NODE_BIN")" != "$major" ]; then # a broken earlier copy, or another script's
    rm -rf "$dir"
    [ -e "$dir" ] || mv "$tmp" "$dir"
  fi
  rm -rf "$tmp"
  [ "$(node_major "$NODE_BIN")" = "$major" ] || die "node@$pin from the npm registry gave no working Node.js $major ($NODE_BIN)"
}

# Puts the given node binary's folder first in PATH and checks that npm now runs on it too (npm's
# launcher starts with `#!/usr/bin/env node`; a wrapper that picks its own node would break that).
use_node() {
  local bin="$1"
  if [ "$(command -v node)" != "$bin" ]; then
    PATH="$(dirname "$bin"):$PATH"
    export PATH
    hash -r
  fi
  local want got
  want="$("$bin" -p process.versions.node)"
  got="$(cd "$ROOT" && npm version --json 2>/dev/null | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).node))')"
  [ "$got" = "$want" ] || die "npm runs on Node.js ${got:-?}, not on $bin ($want): put that Node's npm first in PATH"
}

# scripts/up and the other entry points: the machine's Node when it is supported (22 or newer),
# otherwise the pinned Node 24.
use_supported_node() {
  local major=0
  [ -z "$MACHINE_NODE" ] || major="$(node_major "$MACHINE_NODE")"
  if [ "${major:-0}" -ge 22 ] 2>/dev/null; then NODE_BIN="$MACHINE_NODE"; else ensure_node_major 24; fi
  use_node "$NODE_BIN"
  log "Node.js $(node -p process.versions.node) ($(command -v node))"
}
