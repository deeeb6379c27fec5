import { AnthropicClient, DEFAULT_MODEL, ModelClientError } from "@keel/loop";
import type { TextSink } from "../cli-io.js";
import type { Environment } from "../env-file.js";
import { liveSettings } from "../mode.js";
import { UsageError } from "../usage-error.js";

/** `--live [--model MODEL]`: ask the real model instead of the offline router (keel route, keel eval-routing). */
export const LIVE_OPTIONS = { live: { type: "boolean" }, model: { type: "string" } } as const;

/** What `--live` asks: the streaming Anthropic client, the model, and where it goes (for the banner). */
interface LiveClient {
  readonly client: AnthropicClient;
  readonly model: string;
  readonly baseURL: string;
}

/** The live client for `--model`; a UsageError when no API key is set. */
function liveClient(environment: Environment, modelFlag: string | undefined): LiveClient {
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

/**
 * The live client when `--live` is given, else undefined (route offline). `--model` without `--live` is
 * not an error: it is ignored with a warning on stderr.
 */
export function chooseLiveClient(
  command: string,
  flags: { readonly live?: boolean | undefined; readonly model?: string | undefined },
  environment: Environment,
  stderr: TextSink,
): LiveClient | undefined {
  if (flags.live) return liveClient(environment, flags.model);
  if (flags.model !== undefined)
    stderr.write(`keel ${command}: --model only applies with --live; ignored.\n`);
  return undefined;
}

/** Why the model could not route, in one line: the client's error kind first when it has one. */
export function routingFailure(error: unknown): string {
  return ModelClientError.isInstance(error) ? `${error.kind}: ${error.message}` : String(error);
}
