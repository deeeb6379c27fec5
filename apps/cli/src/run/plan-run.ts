import { resolve } from "node:path";
import { didYouMean } from "@keel/diagnostics";
import {
  AnthropicClient,
  DEFAULT_MODEL,
  type ModelClient,
  ModelClientError,
  ReplayClient,
  ScriptedClient,
} from "@keel/loop";
import { type Cassette, checkScript } from "@keel/loop/internal";
import { findScenario, SCENARIOS, type SupportScenario } from "@keel/support-desk";
import type { Environment } from "../env-file.js";
import { liveSettings, type RunMode } from "../mode.js";
import { parseInputJson, readInputFile } from "../read-input-file.js";
import { UsageError } from "../usage-error.js";
import { matchScenario } from "./choose-scenario.js";

export interface RunFlags {
  readonly scenario?: string | undefined;
  readonly script?: string | undefined;
  readonly replay?: string | undefined;
  readonly model?: string | undefined;
}

/** Which model answers, with which request, and why — decided before anything runs. */
export interface RunPlan {
  readonly mode: RunMode;
  /** For the banner: where the model's answers come from. */
  readonly source: string;
  readonly request: string;
  /** Its faults are staged and its metadata passed; undefined for a free request. */
  readonly scenario: SupportScenario | undefined;
  readonly model: string;
  readonly client: ModelClient;
  /** Literal secrets a recording must not contain. */
  readonly secrets: readonly string[];
}

/**
 * Reference 000's mode detection, extended: --replay serves a cassette, --script a scripted model; else an
 * ANTHROPIC_API_KEY means LIVE (ANTHROPIC_BASE_URL and --model honoured); else SIMULATION serves a shipped
 * scenario's scripted responses — the one named, or the one whose request best matches. Throws UsageError
 * when the flags contradict each other or nothing can answer the request.
 */
export async function planRun(
  flags: RunFlags,
  positional: string | undefined,
  environment: Environment,
  cwd: string,
): Promise<RunPlan> {
  if (flags.script !== undefined && flags.scenario !== undefined) {
    throw new UsageError("--script and --scenario both say what the model answers: give one of them.");
  }
  if (flags.replay !== undefined && flags.script !== undefined) {
    throw new UsageError("--replay and --script both say what the model answers: give one of them.");
  }
  const named = flags.scenario === undefined ? undefined : requireScenario(flags.scenario);
  const live = liveSettings(environment);
  const secrets = live.apiKey ? [live.apiKey] : [];
  const request = positional ?? named?.request;

  if (flags.replay !== undefined) {
    const path = resolve(cwd, flags.replay);
    const name = `--replay ${flags.replay}`;
    const cassette = await readCassette(path, name);
    const client = replayClient(cassette, name, secrets);
    const recordedRequest = cassette.interactions[0]?.request;
    return {
      mode: "REPLAY",
      source: `answers replayed from ${flags.replay}`,
      request: request ?? firstUserText(recordedRequest?.messages[0]?.content) ?? fail(name),
      scenario: named,
      model: flags.model ?? recordedRequest?.model ?? DEFAULT_MODEL,
      client,
      secrets,
    };
  }
  if (flags.script !== undefined) {
    if (request === undefined) {
      throw new UsageError('--script needs the request too: keel run "<request>" --script FILE.');
    }
    const script = await readScript(resolve(cwd, flags.script), `--script ${flags.script}`);
    return {
      mode: "SIMULATION",
      source: `scripted model from ${flags.script}`,
      request,
      scenario: undefined,
      model: flags.model ?? script[0]?.model ?? DEFAULT_MODEL,
      client: new ScriptedClient(script),
      secrets,
    };
  }
  if (live.apiKey) {
    if (request === undefined) {
      throw new UsageError('a request is required: keel run "<request>" (or --scenario NAME).');
    }
    const model = flags.model ?? (environment.ANTHROPIC_MODEL?.trim() || DEFAULT_MODEL);
    return {
      mode: "LIVE",
      source: `${model} at ${live.baseURL} (ANTHROPIC_API_KEY is set)`,
      request,
      scenario: named,
      model,
      client: new AnthropicClient({ apiKey: live.apiKey, baseURL: live.baseURL }),
      secrets,
    };
  }
  const scenario =
    named ?? (positional === undefined ? undefined : matchScenario(positional, SCENARIOS)?.scenario);
  if (scenario === undefined) throw new UsageError(simulationHelp(positional));
  return {
    mode: "SIMULATION",
    source:
      named === undefined
        ? `no ANTHROPIC_API_KEY: scripted scenario "${scenario.name}" (it matches the request best)`
        : `no ANTHROPIC_API_KEY: scripted scenario "${scenario.name}"`,
    request: positional ?? scenario.request,
    scenario,
    model: flags.model ?? scenario.responses[0]?.model ?? DEFAULT_MODEL,
    client: new ScriptedClient(scenario.responses),
    secrets,
  };
}

/** The shipped scenario `name`, or a UsageError naming the nearest (`hihg-value-refund`) and listing them all. */
export function requireScenario(name: string): SupportScenario {
  const scenario = findScenario(name);
  if (scenario) return scenario;
  const names = SCENARIOS.map((known) => known.name);
  throw new UsageError(
    `Unknown scenario "${name}".${didYouMean(name, names)} The shipped scenarios are: ${names.join(", ")}.`,
  );
}

function simulationHelp(request: string | undefined): string {
  const width = Math.max(...SCENARIOS.map((scenario) => scenario.name.length));
  const list = SCENARIOS.map(
    (scenario) => `    ${scenario.name.padEnd(width)}  ${scenario.description}`,
  ).join("\n");
  const why =
    request === undefined
      ? "a request or a scenario is required."
      : `SIMULATION mode (no ANTHROPIC_API_KEY) serves scripted model answers, and no shipped scenario clearly matches "${request}".`;
  return (
    `${why}\nPass one of:\n  --scenario NAME   a shipped scenario (its request is used when you give none):\n${list}\n` +
    "  --script FILE     a JSON array of Messages API responses, served in order\n" +
    "Or set ANTHROPIC_API_KEY (in the environment or in ./.env) to ask the real model."
  );
}

/** `name` is the file as the user gave it, `--replay run.cassette.json`: every message starts with it. */
async function readCassette(path: string, name: string): Promise<Cassette> {
  return parseInputJson(await readInputFile(path, name), name) as Cassette;
}

function replayClient(cassette: Cassette, name: string, secrets: readonly string[]): ReplayClient {
  try {
    return new ReplayClient({ cassette, secrets });
  } catch (error) {
    throw new UsageError(`${name}: not a cassette "keel run --record" writes: ${messageOf(error)}`);
  }
}

async function readScript(path: string, name: string) {
  const value = parseInputJson(await readInputFile(path, name), name);
  try {
    return checkScript(value, name);
  } catch (error) {
    throw new UsageError(ModelClientError.isInstance(error) ? error.message : messageOf(error));
  }
}

function firstUserText(content: unknown): string | undefined {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return undefined;
  const texts = content.flatMap((block: { type?: unknown; text?: unknown }) =>
    block?.type === "text" && typeof block.text === "string" ? [block.text] : [],
  );
  return texts.length > 0 ? texts.join("\n") : undefined;
}

function fail(name: string): never {
  throw new UsageError(`${name}: the cassette holds no request to replay; pass the request.`);
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
