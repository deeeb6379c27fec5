// `node --import ./record-loads.mjs …` appends the URL of every module the program loads, one a line, to the
// file $KEEL_LOADED_MODULES: the same file registers itself as the loader hooks (which run on their own thread).
import { appendFileSync } from "node:fs";
import { register } from "node:module";
import { isMainThread } from "node:worker_threads";

if (isMainThread) register(import.meta.url);

export async function load(url, context, nextLoad) {
  appendFileSync(process.env.KEEL_LOADED_MODULES ?? "", `${url}\n`);
  return nextLoad(url, context);
}
