import { AnthropicClient, DEFAULT_MODEL } from "@keel/loop";
import type { Environment } from "../env-file.js";
import { liveSettings } from "../mode.js";
import { UsageError } from "../usage-error.js";

/** The streaming Anthropic client and model for `--live`; a UsageError when no API key is set. */
export function liveClient(environment: Environment, modelFlag: string | undefined) {
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
