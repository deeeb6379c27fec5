import { DEFAULT_MODEL, RecordingClient, runAgent } from "@keel/loop";
import { environmentSecrets } from "@keel/secrets";
import { SUPPORT_SYSTEM_PROMPT } from "@keel/support-desk";
import { createRemoteSupportHooks, holdInTicket } from "@keel/support-desk/internal";
import { otelEnvironment, startOtlpTracing } from "@keel/tracing";
import type { CliIo } from "../cli-io.js";
import {
  type ChosenServers,
  chooseServers,
  MCP_CONFIG_OPTIONS,
  type McpConfigFlags,
  mcpConfigFlags,
} from "../config/mcp-servers.js";
import { checkEnqueueFlags, enqueueRun } from "../durable/enqueue-run.js";
import type { Environment } from "../env-file.js";
import { modeBanner } from "../mode.js";
import { describeBackend } from "../run/backend-choice.js";
import { CONTEXT_OPTIONS, contextOptions, withOptionalValues } from "../run/context-flags.js";
import { localSetup, type RunSetup } from "../run/local-setup.js";
import { openMcpTools } from "../run/mcp-tools.js";
import { MEMORY_OPTIONS, memoryScope } from "../run/memory-flag.js";
import { BACKEND_OPTIONS, type BackendFlags, chooseBackend } from "../run/open-backend.js";
import { outputPath } from "../run/output-path.js";
import { planRun } from "../run/plan-run.js";
import { runJson } from "../run/run-json.js";
import { createRunReporter } from "../run/run-reporter.js";
import { runSummary } from "../run/run-summary.js";
import { TextCaptureClient } from "../run/text-capture-client.js";
import type { Style } from "../terminal/style.js";
import { traceFileOf, writeTraceFile } from "../trace/trace-file.js";
import { UsageError } from "../usage-error.js";
import { cliVersion } from "../version.js";
import {
  type Command,
  defineCommand,
  EXIT,
  QUOTE_REQUEST,
  readFraction,
  readInteger,
  singlePositional,
} from "./command.js";

const HELP = `Run the support agent on one customer request.

Usage: keel run "<request>" [options]

LIVE when ANTHROPIC_API_KEY is set (in the environment or ./.env), asking the real model at
ANTHROPIC_BASE_URL (default https://api.anthropic.com); SIMULATION otherwise, serving a shipped
scenario's scripted answers (the one named, or the one whose request matches best).

Options:
  --scenario NAME        a shipped scenario: its request (when none is given), staged faults and caller role
  --script FILE          a JSON array of Messages API responses served in order (a scripted model)
  --model MODEL          the model (default $ANTHROPIC_MODEL or ${DEFAULT_MODEL}; a replay uses the recorded one)
  --max-iterations N     tool rounds before the forced final answer (default 10)
  --thinking N           extended thinking with a budget of N tokens (at least 1024; max_tokens becomes N + 4096)
  --temperature T        sampling temperature from 0 to 1 (not with --thinking: the API refuses the pair)
  --compact[=TOKENS]     the API summarises earlier turns once a request passes TOKENS input tokens
                         (server-side compaction; --compact alone: the API's default, 150,000)
  --clear-tool-uses[=TOKENS]
                         the API clears the oldest tool results, keeping 3, once a request passes TOKENS
                         input tokens (--clear-tool-uses alone: the API's default, 100,000)
  --max-input-tokens N   no request over N input tokens (counted before sending): the run compacts, or ends
                         context_window_exceeded before the API would refuse it
  --memory customer:ID|conversation:ID
                         give the agent Anthropic's memory tool, its files kept in the SQL store (PGlite in
                         --data-dir, or PostgreSQL) for that customer or conversation, so later runs read them
  --backend memory|sql   the store (default memory, sql with --memory; sql = PGlite in --data-dir, or PostgreSQL)
  --database-url URL     PostgreSQL (default $DATABASE_URL with --backend sql)
  --data-dir DIR         PGlite data directory (default $KEEL_DATA_DIR or ./.keel-data)
  --trace FILE           save the step-by-step trace (render it with keel trace FILE)
  --record FILE          record every model request and response to a cassette (secrets redacted)
  --replay FILE          answer from a cassette instead of a model (the request must match the recording)
  --hold                 a refund above the limit waits for a supervisor (exit 3, a ticket holds the run)
                         instead of going to escalate_to_human; decide with keel tickets approve|reject
  --mcp-config FILE      take the tools from the MCP servers of a Claude Code style .mcp.json instead of
                         in-process ones (the file must pass keel check-config: \${VAR} expanded from the
                         environment, fail closed, no hard-coded secrets); the refund limit and the
                         verified-customer rule still run here, and the server enforces its own rules
  --mcp-server NAME      only this server of --mcp-config (repeatable; default every server)
  --enqueue              queue the run for a worker (keel worker) instead of running it here: prints its id
                         ({"runId": …} with --json) and exits 0; the store is sql (follow it with keel runs)
  --json                 print exactly one JSON object on stdout (nothing else)
  -h, --help             this help

Tracing: with OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) set, the run's
OpenTelemetry spans go there over OTLP/HTTP (service OTEL_SERVICE_NAME, default keel); MCP servers started
from --mcp-config get the OTEL_* variables too, and keel-mcp's spans join the run's trace.

Exit codes: 0 completed (an escalation is a completion; --enqueue: queued), 1 any other end, 2 usage error,
3 awaiting a supervisor's approval (--hold), 4 the store is unavailable (--backend sql, --memory or --enqueue:
PostgreSQL unreachable, refused, a wrong password or a malformed URL; a --data-dir that cannot be created or
written, or that another process holds) — nothing ran; with --json one {"error": {"kind", "message"}} object.

Examples:
  keel run --scenario high-value-refund
  keel run "Refund my \\$750 espresso machine, order ORD-1002, I'm alice@example.com"
  keel run --scenario transient-retry --json | jq .toolCalls
  keel run "Where is ORD-1005?" --script answers.json --trace run.trace.json
  keel run --scenario low-value-refund --record low.cassette.json
  keel run --scenario low-value-refund --replay low.cassette.json
  keel run --scenario low-value-refund --compact=60000 --clear-tool-uses=30000 --max-input-tokens 180000
  ANTHROPIC_API_KEY=sk-ant-... keel run "Is my order ORD-12345 shipped?" --model ${DEFAULT_MODEL}
  keel run "I'm alice@example.com: remember I prefer email" --memory customer:C-1001
  keel run --scenario high-value-refund --backend sql && keel tickets
  keel run --scenario high-value-refund --backend sql --hold; keel tickets approve T-1001
  keel run --scenario high-value-refund --mcp-config .mcp.json --mcp-server keel-support
  keel run --scenario low-value-refund --enqueue --data-dir .keel-data && keel runs
`;

/** `--thinking` and `--temperature` as runAgent's validated `request` (and the max_tokens thinking needs). */
function requestParameters(thinking: string | undefined, temperature: string | undefined) {
  if (thinking !== undefined && temperature !== undefined) {
    throw new UsageError(
      "--thinking and --temperature exclude each other: the API refuses a temperature with thinking on.",
    );
  }
  if (thinking !== undefined) {
    const budget = readInteger("--thinking", thinking, 1024);
    return {
      maxTokens: budget + 4096,
      request: { thinking: { type: "enabled" as const, budget_tokens: budget } },
    };
  }
  if (temperature !== undefined)
    return { request: { temperature: readFraction("--temperature", temperature) } };
  return {};
}

const command = defineCommand({
  name: "run",
  help: HELP,
  options: {
    scenario: { type: "string" },
    script: { type: "string" },
    model: { type: "string" },
    "max-iterations": { type: "string" },
    thinking: { type: "string" },
    temperature: { type: "string" },
    ...CONTEXT_OPTIONS,
    ...MEMORY_OPTIONS,
    ...BACKEND_OPTIONS,
    trace: { type: "string" },
    record: { type: "string" },
    replay: { type: "string" },
    json: { type: "boolean" },
    hold: { type: "boolean" },
    enqueue: { type: "boolean" },
    ...MCP_CONFIG_OPTIONS,
  },
  async run({ values, positionals }, { io, env, style, spinner }) {
    if (values.record !== undefined && values.replay !== undefined) {
      throw new UsageError("--record and --replay exclude each other: record a run, then replay it.");
    }
    const positional = singlePositional("run", positionals, "request", false, QUOTE_REQUEST);
    if (positional !== undefined && positional.trim() === "") throw new UsageError("The request is empty.");
    const maxIterations =
      values["max-iterations"] === undefined
        ? undefined
        : readInteger("--max-iterations", values["max-iterations"], 1);
    const request = requestParameters(values.thinking, values.temperature);
    const memory = memoryScope(values.memory);
    if (memory !== undefined && (values.enqueue || values["mcp-config"] !== undefined)) {
      throw new UsageError(
        `--memory gives the agent here the memory tool on this store; not with ${values.enqueue ? "--enqueue" : "--mcp-config"}.`,
      );
    }
    if (values.enqueue) {
      checkEnqueueFlags(values);
      const plan = await planRun(values, positional, env, io.cwd);
      const choice = chooseBackend(values, env, io.cwd, "sql");
      const context = { io, env, style, json: values.json === true };
      return enqueueRun(plan, values, { ...request, maxIterations }, context, choice);
    }
    const context = contextOptions(values);
    // The files the run saves are checked before it starts, not found unwritable after it finished, and
    // never one it reads.
    const inputs = [
      { label: "--script", file: values.script },
      { label: "--replay", file: values.replay },
      { label: "--mcp-config", file: values["mcp-config"] },
    ];
    const tracePath = outputPath("--trace", values.trace, io.cwd, inputs);
    const recordPath = outputPath("--record", values.record, io.cwd, inputs);
    if (tracePath !== undefined && tracePath === recordPath)
      throw new UsageError("--trace and --record name the same file: give each its own.");
    const mcp = await chooseMcpServers(values, io.env, io.cwd);
    const backendChoice =
      mcp === undefined ? chooseBackend(values, env, io.cwd, memory ? "sql" : "memory") : undefined;
    if (memory !== undefined && backendChoice?.kind === "memory") {
      throw new UsageError("--memory keeps the memory tool's files in the SQL store: drop --backend memory.");
    }
    const plan = await planRun(values, positional, env, io.cwd);

    const json = values.json === true;
    const recordNote = values.record === undefined ? "" : ` · recording to ${values.record}`;
    const where =
      backendChoice === undefined
        ? `tools over MCP from ${Object.keys(mcp?.servers ?? {}).join(", ")}`
        : describeBackend(backendChoice);
    io.stderr.write(modeBanner(plan.mode, `${plan.source} · ${where}${recordNote}`, style));

    const tracing = await startOtlpTracing(
      io.env,
      { serviceName: "keel", serviceVersion: cliVersion() },
      (message) => io.stderr.write(style.yellow(`keel run: ${message}\n`)),
    );
    try {
      let setup: RunSetup;
      if (backendChoice === undefined) {
        try {
          setup = await mcpSetup(
            withOtelEnvironment(mcp as ChosenServers, io.env),
            io,
            style,
            plan.scenario?.faults.length ?? 0,
          );
        } catch (error) {
          io.stderr.write(
            `keel run: cannot open ${where}: ${error instanceof Error ? error.message : String(error)}\n`,
          );
          return EXIT.failed;
        }
      } else {
        // A store that cannot be opened is a StoreUnavailableError: main gives it exit 4.
        setup = await localSetup(backendChoice, values.hold === true, memory);
      }
      try {
        setup.backend?.faults.stage(plan.scenario?.faults ?? []);
        const client = new TextCaptureClient(
          recordPath === undefined
            ? plan.client
            : new RecordingClient(plan.client, { path: recordPath, secrets: plan.secrets }),
        );
        const reporter = json ? undefined : createRunReporter(io.stdout, style, spinner);
        if (!json) io.stdout.write(`${style.bold("request")} ${plan.request}\n\n`);
        const result = await runAgent({
          client,
          model: plan.model,
          ...setup.agent,
          prompt: plan.request,
          ...request,
          metadata: plan.scenario?.metadata ?? {},
          ...(maxIterations === undefined ? {} : { maxIterations }),
          ...(context === undefined ? {} : { context }),
          ...(io.signal === undefined ? {} : { signal: io.signal }),
          ...(reporter === undefined
            ? {}
            : { onEvent: reporter.onEvent, onStreamEvent: reporter.onStreamEvent }),
          ...(tracing === undefined
            ? {}
            : { telemetry: { tracer: tracing.tracer, agentName: "keel-support" } }),
        });
        reporter?.close();
        if (tracePath !== undefined) {
          const trace = traceFileOf(result, {
            mode: plan.mode,
            scenario: plan.scenario?.name ?? null,
            request: plan.request,
            responseTexts: client.texts,
          });
          await writeTraceFile(tracePath, trace, [...plan.secrets, ...environmentSecrets(env)]);
        }
        const ticket =
          result.status === "awaiting_approval" && setup.backend !== undefined
            ? await holdInTicket(setup.backend, result)
            : undefined;
        if (json) {
          io.stdout.write(`${JSON.stringify(runJson(result, ticket?.id ?? null))}\n`);
          // The contract has no error field; a program's log still learns why the model failed.
          if (result.error)
            io.stderr.write(`keel run: ${result.status}: ${result.error.kind}: ${result.error.message}\n`);
        } else {
          io.stdout.write(runSummary(result, style));
          if (ticket !== undefined) {
            io.stdout.write(
              style.yellow(
                `  ⏸ ticket ${ticket.id} holds the run (${result.runId}) for a supervisor: ` +
                  `keel tickets approve ${ticket.id}  |  keel tickets reject ${ticket.id} --reason "…"\n`,
              ),
            );
          }
          if (values.trace !== undefined)
            io.stdout.write(style.dim(`  trace saved to ${values.trace} (keel trace ${values.trace})\n`));
        }
        if (ticket !== undefined) return EXIT.awaitingApproval;
        return result.status === "completed" ? EXIT.ok : EXIT.failed;
      } finally {
        spinner.stop();
        await setup.close();
      }
    } finally {
      // The servers have flushed their spans as they stopped; the run's go last, before the exit.
      await tracing?.shutdown();
    }
  },
});

/** `keel run`: `--compact` and `--clear-tool-uses` take an optional `=TOKENS` (see withOptionalValues). */
export const runCommand: Command = {
  name: command.name,
  run: async (args, context) => command.run(withOptionalValues(args), context),
};

/** Stdio servers started for the run get the OTEL_* variables (their own settings win): one trace. */
function withOtelEnvironment(chosen: ChosenServers, env: NodeJS.ProcessEnv): ChosenServers {
  const otel = otelEnvironment(env);
  if (Object.keys(otel).length === 0) return chosen;
  const servers = Object.fromEntries(
    Object.entries(chosen.servers).map(([name, server]) => [
      name,
      server.type === "stdio" ? { ...server, env: { ...otel, ...server.env } } : server,
    ]),
  );
  return { ...chosen, servers };
}

/**
 * The support agent with its tools served over MCP (keel-mcp, or any server): the tools come from the
 * servers, the hooks that need no store run here, and the servers enforce their own rules again.
 */
async function mcpSetup(chosen: ChosenServers, io: CliIo, style: Style, faults: number): Promise<RunSetup> {
  if (faults > 0) {
    io.stderr.write(
      style.yellow(
        "keel run: the scenario's staged faults apply to in-process tools only; the MCP servers run without them.\n",
      ),
    );
  }
  const { toolbox, instructions } = await openMcpTools(chosen, io.stderr, style, io.signal);
  return {
    agent: {
      system: instructions === "" ? SUPPORT_SYSTEM_PROMPT : `${SUPPORT_SYSTEM_PROMPT}\n\n${instructions}`,
      tools: toolbox.tools,
      hooks: createRemoteSupportHooks(),
    },
    close: () => toolbox.close(),
  };
}

/** --mcp-config FILE [--mcp-server NAME ...]: the servers whose tools the agent uses instead of its own. */
async function chooseMcpServers(
  values: McpConfigFlags & BackendFlags & { readonly hold?: boolean | undefined },
  environment: Environment,
  cwd: string,
): Promise<ChosenServers | undefined> {
  const mcpConfig = mcpConfigFlags(values);
  if (mcpConfig === undefined) return undefined;
  if (values.hold) {
    throw new UsageError(
      "--hold keeps the run in a ticket of the store, and with --mcp-config the servers own the store: " +
        "hold refunds on the server (keel-mcp's supervisor role), or run without --mcp-config.",
    );
  }
  for (const flag of Object.keys(BACKEND_OPTIONS) as (keyof BackendFlags)[]) {
    if (values[flag] !== undefined) {
      throw new UsageError(
        `--${flag} picks the store of in-process tools; with --mcp-config the servers own theirs.`,
      );
    }
  }
  return chooseServers(mcpConfig.file, mcpConfig.names, environment, cwd);
}
