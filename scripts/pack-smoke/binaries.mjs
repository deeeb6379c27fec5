// The binaries as an adopter runs them: keel and keel-mcp from their tarballs.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import path from "node:path";
import { checkKeelCopies, execIn, indent, npmInstall } from "./scratch-project.mjs";

/**
 * The binaries as an adopter gets them: the tarballs installed with npm into an empty project, then each
 * command run through npx (no network: --no-install), and keel-mcp answering tools/list over stdio in a
 * folder of its own (its PGlite store created there).
 */
export async function smokeBinaries({ scratch, tarballs, together, extra }) {
  const project = path.join(scratch, "binaries");
  mkdirSync(project);
  writeFileSync(
    path.join(project, "package.json"),
    `${JSON.stringify({ name: "keel-bin-smoke", private: true, type: "module" }, null, 2)}\n`,
  );
  const exec = (what, command, args, cwd = project) => execIn(cwd, what, command, args);
  // One install serves the declaration check too (checkDeclarations runs here after, over every Keel package
  // installed): `together` holds the selected packages besides the binaries, and `extra` Node's types. Nothing
  // the binaries run uses them.
  await exec("npm install of the tarballs failed", "npm", [
    ...npmInstall,
    ...together.map((name) => tarballs.get(name).tarball),
    ...extra,
  ]);
  checkKeelCopies(project, together, tarballs);
  const lines = [];
  // `npx @keel/mcp-server` is the .mcp.json form in the README: the package's single bin.
  for (const [name, bin] of [
    ["@keel/mcp-server", "@keel/mcp-server"],
    ["@keel/mcp-server", "keel-mcp"],
    ["keel", "keel"],
  ]) {
    const { stdout } = await exec(`npx ${bin} --version failed`, "npx", ["--no-install", bin, "--version"]);
    const version = tarballs.get(name).manifest.version;
    if (stdout.trim() !== version)
      throw new Error(`npx ${bin} --version printed "${stdout.trim()}", not ${version}`);
    lines.push(`npx ${bin} --version: ${version}`);
  }
  const routed = await exec("npx keel route failed", "npx", [
    "--no-install",
    "keel",
    "route",
    "Where is my order ORD-1001?",
    "--json",
  ]);
  const route = JSON.parse(routed.stdout);
  if (route.tool !== "lookup_order")
    throw new Error(`keel route chose ${JSON.stringify(route.tool)}, not lookup_order`);
  lines.push(`npx keel route "Where is my order ORD-1001?": ${route.tool}`);
  const elsewhere = mkdtempSync(path.join(scratch, "any-folder-"));
  const tools = await listToolsOverStdio(path.join(project, "node_modules", ".bin", "keel-mcp"), elsewhere);
  if (!tools.includes("process_refund"))
    throw new Error(`keel-mcp listed ${tools.join(", ")}: no process_refund`);
  lines.push(`keel-mcp (stdio, started in an empty folder) tools/list: ${tools.join(", ")}`);
  return lines.join("\n");
}

/** initialize, notifications/initialized and tools/list over a child's stdio (JSON-RPC lines), then stop it. */
async function listToolsOverStdio(command, cwd) {
  const { spawn } = await import("node:child_process");
  const child = spawn(command, [], { cwd, stdio: ["pipe", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const send = (message) => child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`);
  try {
    return await new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`keel-mcp did not answer tools/list in 60 s\n${indent(stderr)}`)),
        60_000,
      );
      child.once("exit", (code) =>
        reject(new Error(`keel-mcp exited (${code}) before answering\n${indent(stderr)}`)),
      );
      let buffered = "";
      child.stdout.on("data", (chunk) => {
        buffered += chunk;
        let newline = buffered.indexOf("\n");
        while (newline >= 0) {
          const message = JSON.parse(buffered.slice(0, newline));
          buffered = buffered.slice(newline + 1);
          newline = buffered.indexOf("\n");
          if (message.id === 1) {
            send({ method: "notifications/initialized" });
            send({ id: 2, method: "tools/list", params: {} });
          } else if (message.id === 2) {
            clearTimeout(timer);
            resolve(message.result.tools.map((tool) => tool.name));
          }
        }
      });
      send({
        id: 1,
        method: "initialize",
        params: {
          protocolVersion: "2025-06-18",
          capabilities: {},
          clientInfo: { name: "pack-smoke", version: "1" },
        },
      });
    });
  } finally {
    child.stdin.end();
    child.kill("SIGTERM");
  }
}
