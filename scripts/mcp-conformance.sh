#!/usr/bin/env bash
# Runs the MCP conformance suite's client scenarios against Keel's MCP client (scripts/mcp-conformance-client.mjs).
# The suite needs Node 22: npm's node@22 package provides it. Usage:
#   pnpm turbo run build --filter=@keel/mcp-client... && bash scripts/mcp-conformance.sh [SCENARIO ...]
# Without scenarios it runs every client scenario; it exits 1 when a scenario of a released spec version fails
# (2025-11-25, 2025-06-18, the 2025-03-26 back-compat ones; draft and extension scenarios are reported, not
# required), when the suite lists none of 2025-11-25, or when the Node it got is not 22. Logs land in
# $CONFORMANCE_DIR (default a temporary folder); the summary is printed per scenario. .ci/run runs it.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
version="${CONFORMANCE_VERSION:-0.1.16}"
work="${CONFORMANCE_DIR:-$(mktemp -d)}"
mkdir -p "$work"
cd "$work"
if [ ! -x node_modules/.bin/node ] || [ ! -d node_modules/@modelcontextprotocol/conformance ]; then
  npm init -y >/dev/null
  npm install --no-audit --no-fund --silent "@modelcontextprotocol/conformance@$version" node@22 >/dev/null
fi
node22="$work/node_modules/.bin/node"
suite="$work/node_modules/@modelcontextprotocol/conformance/dist/index.js"
case "$("$node22" --version)" in
  v22.*) ;;
  *) echo "expected Node 22 from npm's node@22 in $work, got $("$node22" --version)" >&2; exit 1 ;;
esac
# "name [versions]" of every client scenario: draft and extension ones are reported, not required.
mapfile -t listed < <("$node22" "$suite" list 2>/dev/null | sed -n '/Client scenarios/,$p' | sed -n 's/^  - //p')
# A suite whose list cannot be read must not pass as "0 failed".
if ! printf '%s\n' "${listed[@]}" | grep -q '2025-11-25'; then
  echo "the conformance suite listed no client scenario of spec 2025-11-25: is its 'list' output still the same?" >&2
  exit 1
fi
if [ "$#" -gt 0 ]; then
  scenarios=("$@")
else
  scenarios=()
  for line in "${listed[@]}"; do scenarios+=("${line%% *}"); done
fi
optional() {
  local line
  for line in "${listed[@]}"; do
    if [ "${line%% *}" = "$1" ]; then [[ "$line" == *"[draft]"* || "$line" == *"[extension]"* ]]; return; fi
  done
  return 1
}
passed=0
failed=0
optional_failed=0
for scenario in "${scenarios[@]}"; do
  log="$work/$(echo "$scenario" | tr / -).log"
  if "$node22" "$suite" client --command "$node22 $root/scripts/mcp-conformance-client.mjs" --scenario "$scenario" \
    --timeout 30000 >"$log" 2>&1; then
    verdict=PASS
    passed=$((passed + 1))
  elif optional "$scenario"; then
    verdict="FAIL (draft/extension: reported, not required)"
    optional_failed=$((optional_failed + 1))
  else
    verdict=FAIL
    failed=$((failed + 1))
  fi
  checks="$(sed -n 's/^Passed: \([0-9]*\/[0-9]*\), \(.*\)$/\1 checks, \2/p' "$log" | tail -1)"
  spec="$(printf '%s\n' "${listed[@]}" | sed -n "s|^$scenario \(\[.*\]\)$|\1|p")"
  echo "$verdict $scenario ${spec:-[not listed]} ${checks:-no result} (log: $log)"
done
echo "$passed passed, $failed failed (required), $optional_failed failed (draft/extension, not required)"
[ "$failed" -eq 0 ]
