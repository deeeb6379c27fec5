#!/usr/bin/env node
import { createStderrLogger, startStdioServer, supportSurface } from "@keel/mcp-server";
import { createMemoryBackend, createSupportTools } from "@keel/support-desk";
import { createToolset } from "@keel/tools";
import { demoClock } from "./deterministic.js";
import { parseStagedServerArguments } from "./mcp/staged-server-options.js";

// The server the demo needs for what keel-mcp cannot be told to do from outside: an outage on cue and
// a stricter refund policy. It is keel-mcp's own library (same call path, hooks, result shapes, stdio
// transport) over the in-memory store, with the faults queued before the first call.
try {
  const options = parseStagedServerArguments(process.argv.slice(2));
  const backend = createMemoryBackend({ now: demoClock });
  backend.faults.stage(options.faults);
  const surface = supportSurface(backend, "session");
  const tools = createSupportTools(backend, {
    now: demoClock,
    ...(options.refundRoles ? { refundRoles: options.refundRoles } : {}),
  });
  const server = await startStdioServer({
    ...surface,
    tools: createToolset(tools),
    logger: createStderrLogger({ level: "warn" }),
  });
  await server.ended;
  await server.close(1_000);
  await backend.close();
} catch (error) {
  process.stderr.write(`staged-server: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 2;
}
