/**
 * The one retry shape of Keel, declared beside `retryDelay` in @keel/errors: used by `runAgent({ retry })`
 * for transient tool outcomes (never business, permission or validation) and by
 * `new AnthropicClient({ retry })` for model requests.
 */
export type { RetryOptions } from "@keel/errors/internal";
