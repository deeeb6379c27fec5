// The owner is `@keel/mcp-server/command-line` (it also names a mistyped option); `keel` names a mistyped
// command and `--mcp-server` with the same rule.
export { nearestName } from "@keel/mcp-server/command-line";
