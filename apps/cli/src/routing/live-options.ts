import type { TextSink } from "../cli-io.js";
import type { Environment } from "../env-file.js";
import type { LiveClient } from "./live-client.js";

/** `--live [--model MODEL]`: ask the real model instead of the offline router (keel route, keel eval-routing). */
export const LIVE_OPTIONS = { live: { type: "boolean" }, model: { type: "string" } } as const;

/**
 * The live client when `--live` is given, else undefined (route offline). `--model` without `--live` is not
 * an error: it is ignored with a warning on stderr. The client and the agent loop behind it are imported only
 * with `--live`, so an offline route starts without them. `failure` words why the model could not route.
 */
export async function chooseLiveClient(
  command: string,
  flags: { readonly live?: boolean | undefined; readonly model?: string | undefined },
  environment: Environment,
  stderr: TextSink,
): Promise<(LiveClient & { readonly failure: (error: unknown) => string }) | undefined> {
  if (!flags.live) {
    if (flags.model !== undefined)
      stderr.write(`keel ${command}: --model only applies with --live; ignored.\n`);
    return undefined;
  }
  const { liveClient, routingFailure } = await import("./live-client.js");
  return { ...liveClient(environment, flags.model), failure: routingFailure };
}
