import { readFile } from "node:fs/promises";
import {
  AnthropicClient,
  type ModelClient,
  ModelClientError,
  ReplayClient,
  ScriptedClient,
  type ScriptStep,
} from "@keel/loop";
import { type Cassette, checkScript } from "@keel/loop/internal";
import { findScenario } from "@keel/support-desk";
import type { MessageParam } from "@keel/wire";
import type { Environment } from "../env-file.js";

/**
 * What a queued run needs to rebuild `keel run`'s model client in any worker: plain JSON, never an API key.
 * A LIVE run carries the base URL; the worker's own ANTHROPIC_API_KEY is the key.
 */
export type EnqueuedModel = {
  readonly model: string;
  readonly hold: boolean;
  readonly maxIterations?: number | undefined;
  readonly maxTokens?: number | undefined;
  readonly request?: Readonly<Record<string, unknown>> | undefined;
} & (
  | { readonly source: "scenario"; readonly scenario: string }
  | { readonly source: "script"; readonly path: string }
  | { readonly source: "replay"; readonly path: string }
  | { readonly source: "live"; readonly baseURL: string }
);

/** The key of the run's metadata that holds its EnqueuedModel. */
export const ENQUEUED_MODEL = "keelModel";

/**
 * The client of a queued run. A script is served by the history's turn (the number of assistant messages so
 * far), not by a counter: a run resumed from a checkpoint by another worker gets the next answer, not the first.
 */
export async function clientOf(settings: EnqueuedModel, environment: Environment): Promise<ModelClient> {
  switch (settings.source) {
    case "scenario": {
      const scenario = findScenario(settings.scenario);
      if (scenario === undefined) return failing(`this worker has no scenario "${settings.scenario}"`);
      return byTurn(scenario.responses);
    }
    case "script": {
      const text = await readFile(settings.path, "utf8").catch(() => undefined);
      if (text === undefined) return failing(`this worker cannot read the script ${settings.path}`);
      return byTurn(checkScript(JSON.parse(text), settings.path));
    }
    case "replay": {
      const cassette = JSON.parse(await readFile(settings.path, "utf8")) as Cassette;
      const apiKey = environment.ANTHROPIC_API_KEY?.trim();
      return new ReplayClient({ cassette, secrets: apiKey ? [apiKey] : [] });
    }
    case "live": {
      const apiKey = environment.ANTHROPIC_API_KEY?.trim();
      if (!apiKey) return failing("this worker has no ANTHROPIC_API_KEY for a LIVE run");
      return new AnthropicClient({ apiKey, baseURL: settings.baseURL });
    }
  }
}

function byTurn(steps: readonly ScriptStep[]): ModelClient {
  return new ScriptedClient((request) => steps[assistantTurns(request.messages)]);
}

const assistantTurns = (messages: readonly MessageParam[]) =>
  messages.filter((message) => message.role === "assistant").length;

/** A client whose every request fails with `message`: the run ends with model_error saying why. */
function failing(message: string): ModelClient {
  return new ScriptedClient(() => new ModelClientError("bad_request", `keel worker: ${message}.`));
}
