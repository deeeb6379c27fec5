import { AnthropicClient, DEFAULT_MODEL, ModelClientError } from "@keel/loop";
import type { Environment } from "../env-file.js";
import { liveSettings } from "../mode.js";
import { UsageError } from "../usage-error.js";

/** What `--live` asks: the streaming Anthropic client, the model, and where it goes (for the banner). */
export interface LiveClient {
  readonly client: AnthropicClient;
  readonly model: string;
  readonly baseURL: string;
}

/** The live client for `--model`; a UsageError when no API key is set. Loaded only with `--live`. */
export function liveClient(environment: Environment, modelFlag: string | undefined): LiveClient {
  const settings = liveSettings(environment);
  if (!settings.apiKey) {
    throw new UsageError(
      "--live asks the real model and needs ANTHROPIC_API_KEY (in the environment or ./.env).",
    );
  }
  return {
    client: new AnthropicClient({ apiKey: settings.apiKey, baseURL: settings.baseURL }),
    model: modelFlag ?? (environment.ANTHROPIC_MODEL?.trim() || DEFAULT_MODEL),
    baseURL: settings.baseURL,
  };
}

/** Why the model could not route, in one line: the client's error kind first when it has one. */
export function routingFailure(error: unknown): string {
  return ModelClientError.isInstance(error) ? `${error.kind}: ${error.message}` : String(error);
}
