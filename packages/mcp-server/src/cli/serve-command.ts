import { DataDirLockedError, DataDirNotADirectoryError } from "@keel/support-desk/internal";
import { type OtlpTracing, startOtlpTracing } from "@keel/tracing";
import { KeelMcpConfigError } from "../config-error.js";
import { startHttpServer } from "../http.js";
import { createStderrLogger, type Logger } from "../logger.js";
import { startStdioServer } from "../stdio.js";
import { openStore, type Store } from "../store.js";
import { supervisorToolset } from "../supervisor-tools.js";
import { type SupportSurface, supportSurface } from "../support-surface.js";
import { SERVER_VERSION } from "../version.js";
import type { CliCommand } from "./arguments.js";
import type { CliDependencies } from "./cli-dependencies.js";

/** How long a shutdown waits for calls in flight before cutting them off. */
const DRAIN_TIMEOUT_MS = 10_000;

type Running = { readonly close: (timeoutMs: number) => Promise<{ readonly drained: boolean }> };

/**
 * Serves a parsed stdio or HTTP command (loaded by runCli only then): opens the store, starts the
 * transport and waits for a signal or the client to go. Resolves to the exit code.
 */
export async function serveCommand(
  command: Extract<CliCommand, { kind: "stdio" | "http" }>,
  environment: NodeJS.ProcessEnv,
  dependencies: CliDependencies,
): Promise<number> {
  const logger = createStderrLogger(command.log);
  const tracing = await startOtlpTracing(
    environment,
    { serviceName: "keel-mcp", serviceVersion: SERVER_VERSION },
    (message) => logger.warn(message),
  );
  if (tracing)
    logger.info("exporting traces over OTLP/HTTP", { endpoint: redactedEndpoint(tracing.endpoint) });
  try {
    return await openAndServe(command, environment, dependencies, logger, tracing);
  } finally {
    await tracing?.shutdown();
  }
}

async function openAndServe(
  command: Extract<CliCommand, { kind: "stdio" | "http" }>,
  environment: NodeJS.ProcessEnv,
  dependencies: CliDependencies,
  logger: Logger,
  tracing: OtlpTracing | undefined,
): Promise<number> {
  let store: Store;
  try {
    store = await openStore(command.store, {
      onDegraded: (error) =>
        logger.warn(
          "the database does not answer: serving degraded (calls transient, /healthz 503), retrying",
          {
            error,
          },
        ),
      onRecovered: () => logger.info("the database answers again: serving normally"),
    });
  } catch (error) {
    const code = configFailure(error);
    if (code !== undefined) return code;
    logger.error("could not open the store", { store: command.store.kind, error });
    return 1;
  }
  try {
    const surface = dependencies.surface ?? supportSurface;
    return await serve(command, store, logger, environment, tracing, (mode) => surface(store.backend, mode));
  } catch (error) {
    const code = configFailure(error);
    if (code === undefined) logger.error("the server failed", { error });
    return code ?? 1;
  } finally {
    await store.close().catch((error: unknown) => logger.error("could not close the store", { error }));
  }
}

async function serve(
  command: Extract<CliCommand, { kind: "stdio" | "http" }>,
  store: Store,
  logger: Logger,
  environment: NodeJS.ProcessEnv,
  tracing: OtlpTracing | undefined,
  surfaceFor: (mode: "session" | "stateless") => SupportSurface,
): Promise<number> {
  const tracer = tracing ? { tracer: tracing.tracer } : {};
  const stopSignal = waitForSignal();
  let running: Running;
  let ended: Promise<string>;
  if (command.kind === "stdio") {
    const stdio = await startStdioServer({ ...surfaceFor("session"), logger, ...tracer });
    const stdoutGone = new Promise<string>((resolve) =>
      process.stdout.once("error", () => resolve("stdout closed")),
    );
    running = stdio;
    ended = Promise.race([stdio.ended.then(() => "stdin closed"), stdoutGone]);
    logger.info("ready", { transport: "stdio", store: store.kind, version: SERVER_VERSION });
  } else {
    const supervisorTools = supervisorToolset(store.backend, environment, command.store);
    running = await startHttpServer({
      ...surfaceFor("stateless"),
      ...tracer,
      ...(supervisorTools ? { supervisorTools, supervisorToken: environment.KEEL_MCP_SUPERVISOR_TOKEN } : {}),
      logger,
      host: command.host,
      port: command.port,
      allowedOrigins: command.allowedOrigins,
      allowedHosts: command.allowedHosts,
      ...(command.requireConversation ? { requireConversationForWrites: true } : {}),
      ...(command.maxConnections === undefined ? {} : { maxConnections: command.maxConnections }),
      ...(command.headersTimeoutMs === undefined ? {} : { headersTimeoutMs: command.headersTimeoutMs }),
      agentToken: environment.KEEL_MCP_TOKEN,
      readonlyToken: environment.KEEL_MCP_READONLY_TOKEN,
      health: () => store.health(),
    });
    ended = new Promise<string>(() => {});
    logger.info("ready", { transport: "http", store: store.kind, version: SERVER_VERSION });
  }
  const reason = await Promise.race([stopSignal.received, ended]);
  logger.info("stopping: letting calls in flight finish", { reason });
  const { drained } = await running.close(DRAIN_TIMEOUT_MS);
  if (!drained) logger.warn(`calls still running after ${DRAIN_TIMEOUT_MS} ms were cut off`);
  stopSignal.dispose();
  logger.info("stopped");
  return 0;
}

/** The first SIGTERM/SIGINT starts a graceful stop; a second one exits at once. */
function waitForSignal(): { readonly received: Promise<string>; dispose(): void } {
  let first = true;
  let resolveSignal: (signal: string) => void = () => {};
  const received = new Promise<string>((resolve) => {
    resolveSignal = resolve;
  });
  const onSignal = (signal: NodeJS.Signals): void => {
    if (!first) {
      process.stderr.write(`keel-mcp warn second ${signal}: exiting without waiting\n`);
      process.exit(1);
    }
    first = false;
    resolveSignal(signal);
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
  return {
    received,
    dispose() {
      process.off("SIGTERM", onSignal);
      process.off("SIGINT", onSignal);
    },
  };
}

/** The endpoint without credentials or query (a collector URL may carry a token). */
function redactedEndpoint(endpoint: string): string {
  try {
    const url = new URL(endpoint);
    return `${url.protocol}//${url.host}${url.pathname}`;
  } catch {
    return "(not a URL)";
  }
}

function configFailure(error: unknown): number | undefined {
  // The store's own refusals (a PGlite folder owned by another process, a file where the folder should be)
  // read like config errors.
  const refused =
    KeelMcpConfigError.isInstance(error) ||
    DataDirLockedError.isInstance(error) ||
    DataDirNotADirectoryError.isInstance(error);
  if (!refused) return undefined;
  process.stderr.write(`keel-mcp: ${error.message}\n`);
  return 2;
}
