#!/usr/bin/env bash
# Compiles the NeoForge adapter (mod/neoforge) with javac, for every Minecraft version it supports,
# against signature-only stubs of the Minecraft/NeoForge names it uses (mod/neoforge/src/stubs), so a
# typo, a wrong type or a missing import fails ./scripts/test although no NeoForge or Minecraft
# artifact can be downloaded here. Per version: src/stubs/<dir>/java for each of its stub_dirs (stubs) and
# src/main/java + src/<dir>/java for each of its source_dirs + ../core/src/main/java (the jar's sources, as
# build.gradle). The Java release, the folders and the versions come from mod/neoforge/versions/<version>.properties.
# Each version is compiled with --release <its java_version>; a missing JDK for it fails the run (it never
# falls back to an older release, which would not check what players run).
# Usage: scripts/lib/compile-neoforge.sh [version...]   (default: every supported version)
set -euo pipefail
SCRIPT_NAME=compile-neoforge
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
ADAPTER="$ROOT/mod/neoforge"
OUT="$RUN_DIR/neoforge-compile"
SLF4J="org.slf4j:slf4j-api:2.0.9" # the SLF4J API Minecraft 1.21.x ships (its Logger is what LogUtils returns)

prop() { sed -n "s/^$2=//p" "$1" | head -n1; }

# The folders <base>/<dir>/java for each dir the property $2 of $1 names; a named folder that is missing is an error.
dirs_of() {
  local props="$1" key="$2" base="$3" names name
  names="$(prop "$props" "$key")"
  [ -n "$names" ] || die "$props has no $key"
  for name in $names; do
    [ -d "$base/$name/java" ] || die "$props: $key names $name, but $base/$name/java does not exist"
    echo "$base/$name/java"
  done
}

# A javac that can compile for --release $1: $JAVA_HOME, the one on PATH, then every JDK in /usr/lib/jvm.
find_javac() {
  local want="$1" candidate
  for candidate in ${JAVA_HOME:+"$JAVA_HOME/bin/javac"} "$(command -v javac || true)" /usr/lib/jvm/*/bin/javac; do
    [ -x "$candidate" ] && "$candidate" --release "$want" -version >/dev/null 2>&1 && { echo "$candidate"; return 0; }
  done
  return 1
}

# gson (the core's, Minecraft ships it too) and the SLF4J API: real jars from Maven Central, one Maven run.
libraries() {
  mkdir -p "$OUT/lib"
  (cd "$ROOT/mod" && ./mvnw -B -ntp -q -pl core dependency:build-classpath dependency:copy -DincludeScope=compile \
    -Dmdep.outputFile="$OUT/lib/core.classpath" -Dartifact="$SLF4J" -DoutputDirectory="$OUT/lib") >&2
  echo "$(cat "$OUT/lib/core.classpath"):$(ls "$OUT"/lib/slf4j-api-*.jar)"
}

compile_version() {
  local version="$1" libs="$2" props release javac dir stubs sources
  props="$ADAPTER/versions/$version.properties"
  [ -f "$props" ] || die "no $props"
  release="$(prop "$props" java_version)"
  [ -n "$release" ] || die "$props has no java_version"
  javac="$(find_javac "$release")" ||
    die "Minecraft $version needs a JDK that compiles for Java $release; none found in \$JAVA_HOME, on PATH or in /usr/lib/jvm. Install one (e.g. Temurin $release) or set JAVA_HOME to it."
  stubs="$(dirs_of "$props" stub_dirs "$ADAPTER/src/stubs")" || exit 1
  sources="$(dirs_of "$props" source_dirs "$ADAPTER/src")" || exit 1
  dir="$OUT/$version"
  rm -rf "$dir" && mkdir -p "$dir/stubs" "$dir/classes"
  log "Minecraft $version (NeoForge $(prop "$props" neo_version)): javac --release $release ($javac)"
  find $stubs -name '*.java' >"$dir/stubs.txt"
  "$javac" --release "$release" -Xlint:all -Werror -encoding UTF-8 -cp "$libs" -d "$dir/stubs" @"$dir/stubs.txt"
  find "$ADAPTER/src/main/java" $sources "$ROOT/mod/core/src/main/java" \
    -name '*.java' >"$dir/sources.txt"
  "$javac" --release "$release" -Xlint:all -Xlint:-processing -Werror -encoding UTF-8 \
    -cp "$dir/stubs:$libs" -d "$dir/classes" @"$dir/sources.txt"
}

ensure_java
versions=("$@")
if [ ${#versions[@]} -eq 0 ]; then
  for f in "$ADAPTER"/versions/*.properties; do versions+=("$(basename "$f" .properties)"); done
fi
libs="$(libraries)"
for v in "${versions[@]}"; do compile_version "$v" "$libs"; done
log "the adapter compiles for: ${versions[*]}"
