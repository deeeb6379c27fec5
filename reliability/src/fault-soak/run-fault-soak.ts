import { AsyncLocalStorage } from "node:async_hooks";
import { AnthropicClient, DEFAULT_MODEL, type RunResult, runAgent } from "@keel/loop";
import { supportAgent } from "@keel/support-desk";
import { startFakeMessagesApi } from "@keel/testkit";
import { boundedSleep, type SleepLedger } from "../bounded-sleep.js";
import { mapConcurrently } from "../map-concurrently.js";
import { seededRandom, seedOf } from "../seeded-random.js";
import {
  Histogram,
  type LatencySummary,
  type MemorySnapshot,
  memorySnapshot,
  summarizeLatencies,
} from "../stats.js";
import { conversationOf } from "./conversation.js";
import { modelFaultPlan } from "./model-faults.js";
import { observedBackend, type StoreObservations } from "./observed-backend.js";
import { type LedgerFigures, ledgerViolations, runViolations } from "./soak-invariants.js";
import { buildSoakWorld } from "./soak-plans.js";
import { openSoakStore, type SoakStoreSettings } from "./soak-store.js";
import { supportReply, type Writer } from "./support-policy.js";

export interface FaultSoakOptions {
  readonly runs: number;
  readonly concurrency: number;
  readonly seed?: number;
  readonly store?: SoakStoreSettings;
  /** Share of store calls failing transiently. Default 0.3. */
  readonly backendFaultRate?: number;
  /** Chance that a model request's first attempt fails. Default 0.3 (retries: 0.2). */
  readonly modelFaultRate?: number;
  /** Per run; a run past it is aborted (a terminal status too). Default 60 s. */
  readonly runTimeoutMs?: number;
  /** The scripted model's writer; `naive` is the distractor. */
  readonly writer?: Writer;
}

export interface FaultSoakReport {
  readonly store: SoakStoreSettings["kind"];
  readonly runs: number;
  readonly seed: number;
  readonly concurrency: number;
  readonly durationMs: number;
  readonly statuses: Record<string, number>;
  readonly scenarios: Record<string, number>;
  readonly modelFaults: Record<string, number>;
  readonly modelHttpRequests: number;
  /** Model requests the client retried (SDK HTTP retries and stream retries, from the trace). */
  readonly modelRetries: number;
  /** Tool calls the loop retried after a transient outcome. */
  readonly toolRetries: number;
  /** Store calls that failed (injected timeouts and unreachables). */
  readonly storeFaults: number;
  readonly storeCalls: number;
  readonly backoffRequestedMs: number;
  readonly ledger: LedgerFigures;
  /** Runs whose last tool outcome was an outage / of those, answers claiming "not found". */
  readonly outageAnswers: number;
  readonly outageAnswersClaimingNotFound: number;
  readonly genuineNotFoundAnswers: number;
  readonly tickets: number;
  readonly latency: {
    readonly run: LatencySummary;
    readonly modelResponse: LatencySummary;
    readonly toolCall: LatencySummary;
  };
  /** The soak process: after the store opened, after the first tenth of the runs (warm), at the end. */
  readonly memory: {
    readonly before: MemorySnapshot;
    readonly warm: MemorySnapshot;
    readonly after: MemorySnapshot;
  };
  readonly violations: readonly string[];
}

/**
 * The fault soak: `runs` seeded support conversations through the real runAgent + AnthropicClient
 * (SDK streaming) against @keel/testkit's fake Messages API, which injects 429s, 529s, mid-stream errors
 * and resets, over the SQL store with a share of its calls failing transiently. Checks every run's
 * invariants and, at the end, the ledger. Never throws for a violation: it lists them.
 */
export async function runFaultSoak(options: FaultSoakOptions): Promise<FaultSoakReport> {
  const seed = options.seed ?? 7;
  const world = buildSoakWorld(options.runs, seed);
  const runRandom = new AsyncLocalStorage<() => number>();
  const store = await openSoakStore(
    options.store ?? { kind: "pglite" },
    world.data,
    options.backendFaultRate ?? 0.3,
    runRandom,
  );
  const modelFaults = new Histogram();
  const plan = modelFaultPlan({
    seed,
    firstAttemptRate: options.modelFaultRate ?? 0.3,
    retryRate: (options.modelFaultRate ?? 0.3) * (2 / 3),
    tally: modelFaults,
  });
  let modelHttpRequests = 0;
  const api = await startFakeMessagesApi({
    recordRequests: false,
    faults: (index, request) => {
      modelHttpRequests++;
      return plan(index, request);
    },
    handler: (request) => {
      const conversation = conversationOf(request);
      const soakPlan = conversation === undefined ? undefined : world.plans[conversation];
      if (!soakPlan) throw new Error("a request from no soak conversation");
      return supportReply(soakPlan, request, options.writer);
    },
  });
  const backoff: SleepLedger = { requestedMs: 0, count: 0 };
  const sleep = boundedSleep(backoff);
  const client = new AnthropicClient({
    apiKey: "soak-test-key",
    baseURL: api.url,
    maxRetries: 2,
    sleep,
    random: seededRandom(seedOf(seed, "client")),
  });
  const statuses = new Histogram();
  const scenarios = new Histogram();
  const violations: string[] = [];
  const observationsByRun: StoreObservations[] = [];
  const runLatencies: number[] = [];
  const modelLatencies: number[] = [];
  const toolLatencies: number[] = [];
  let modelRetries = 0;
  let toolRetries = 0;
  let outageAnswers = 0;
  let outageAnswersClaimingNotFound = 0;
  let genuineNotFoundAnswers = 0;
  let tickets = 0;
  const before = memorySnapshot();
  let warm = before;
  let finished = 0;
  const warmAfter = Math.max(1, Math.ceil(options.runs / 10));
  const started = performance.now();
  try {
    await mapConcurrently(world.plans, options.concurrency, async (soakPlan) => {
      const observations: StoreObservations = { storeCalls: 0, storeFaults: 0, refunds: [] };
      observationsByRun.push(observations);
      const backend = observedBackend(store.backend, observations);
      const result: RunResult = await runRandom.run(
        seededRandom(seedOf(seed, "store", soakPlan.conversation)),
        () =>
          runAgent({
            client,
            model: DEFAULT_MODEL,
            ...supportAgent(backend),
            prompt: soakPlan.prompt,
            metadata: soakPlan.metadata,
            maxIterations: 12,
            sleep,
            random: seededRandom(seedOf(seed, "jitter", soakPlan.conversation)),
            idGenerator: () => `soak-${seed}-${soakPlan.conversation}`,
            signal: AbortSignal.timeout(options.runTimeoutMs ?? 60_000),
          }),
      );
      statuses.add(result.status);
      scenarios.add(soakPlan.kind);
      runLatencies.push(result.durationMs);
      for (const event of result.trace) {
        if (event.type === "model_retry") modelRetries++;
        if (event.type === "retry") toolRetries++;
        if (event.type === "response") modelLatencies.push(event.durationMs);
        if (event.type === "tool_call") toolLatencies.push(event.durationMs);
      }
      tickets += result.toolCalls.filter(
        (call) => call.executed === "escalate_to_human" && call.outcome.kind === "success",
      ).length;
      const checked = runViolations(soakPlan, result, observations, world);
      violations.push(...checked.violations);
      if (checked.honesty.outageLast) {
        outageAnswers++;
        if (checked.honesty.claimsNotFound) outageAnswersClaimingNotFound++;
      } else if (checked.honesty.claimsNotFound) genuineNotFoundAnswers++;
      if (++finished === warmAfter) warm = memorySnapshot();
    });
    const durationMs = performance.now() - started;
    const after = memorySnapshot();
    store.backend.faults.clear();
    const ledger = await ledgerViolations(store.backend, world, observationsByRun);
    violations.push(...ledger.violations);
    return {
      store: store.kind,
      runs: options.runs,
      seed,
      concurrency: options.concurrency,
      durationMs: Math.round(durationMs),
      statuses: statuses.toJSON(),
      scenarios: scenarios.toJSON(),
      modelFaults: modelFaults.toJSON(),
      modelHttpRequests,
      modelRetries,
      toolRetries,
      storeFaults: observationsByRun.reduce((sum, observed) => sum + observed.storeFaults, 0),
      storeCalls: observationsByRun.reduce((sum, observed) => sum + observed.storeCalls, 0),
      backoffRequestedMs: Math.round(backoff.requestedMs),
      ledger: ledger.figures,
      outageAnswers,
      outageAnswersClaimingNotFound,
      genuineNotFoundAnswers,
      tickets,
      latency: {
        run: summarizeLatencies(runLatencies),
        modelResponse: summarizeLatencies(modelLatencies),
        toolCall: summarizeLatencies(toolLatencies),
      },
      memory: { before, warm, after },
      violations,
    };
  } finally {
    await api.close();
    await store.dispose();
  }
}
