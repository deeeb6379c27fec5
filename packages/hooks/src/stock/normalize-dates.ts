import { definePostHook } from "../define-hook.js";
import { HookConfigError } from "../hook-config-error.js";
import type { PostToolHook } from "../types.js";
import { formatEpochMilliseconds } from "./calendar.js";
import { type NumericDateOrder, toIsoDate } from "./date-formats.js";
import { mapJson } from "./map-json.js";
import { mapOutcomeData } from "./outcome-data.js";

export interface NormalizeDatesOptions {
  /** How "03/04/2024" reads: "month-first" (default, March 4) or "day-first" (3 April). */
  readonly numericOrder?: NumericDateOrder | undefined;
  /**
   * Property names whose epoch numbers are dates. Default: names ending in date, time, at, on,
   * timestamp or datetime as a word (created_at, updatedAt, shipped_on, timestamp), never "format".
   */
  readonly dateFields?: RegExp | undefined;
}

const DEFAULT_DATE_FIELDS =
  /(?:^|[_-])(?:date|time|at|on|timestamp|datetime|DATE|TIME|AT|ON|TIMESTAMP|DATETIME)$|[a-z0-9](?:Date|Time|At|On|Timestamp|DateTime)$/;

/**
 * Post hook: rewrites date-like strings anywhere in the data of success and empty outcomes to ISO 8601
 * (see `toIsoDate`: 03/15/2024 and March 15, 2024 → 2024-03-15; zoned times → UTC with Z), and epoch
 * numbers in date-named fields to UTC (seconds in [1e9, 1e10), milliseconds in [1e12, 1e13), i.e.
 * 2001–2286; other numbers are left alone, so durations stay durations). A string that merely contains
 * a date ("shipped 03/15/2024") is not a date. Deterministic and independent of the machine's time
 * zone. Errors pass through untouched.
 */
export function normalizeDates(options: NormalizeDatesOptions = {}): PostToolHook {
  const order = options.numericOrder ?? "month-first";
  if (order !== "month-first" && order !== "day-first") {
    throw new HookConfigError(
      "INVALID_HOOK_OPTIONS",
      'normalizeDates: numericOrder is "month-first" or "day-first".',
    );
  }
  if (options.dateFields !== undefined && !(options.dateFields instanceof RegExp)) {
    throw new HookConfigError("INVALID_HOOK_OPTIONS", "normalizeDates: dateFields must be a RegExp.");
  }
  // A global or sticky RegExp keeps state between test() calls; a plain copy does not.
  const source = options.dateFields ?? DEFAULT_DATE_FIELDS;
  const dateFields = new RegExp(source.source, source.flags.replace(/[gy]/g, ""));
  const visitor = {
    mapString: (value: string) => toIsoDate(value, order) ?? value,
    replaceProperty: (key: string, value: unknown) => {
      if (typeof value !== "number" || !dateFields.test(key)) return undefined;
      const iso = epochToIso(value);
      return iso === undefined ? undefined : { value: iso };
    },
  };
  return definePostHook("normalize-dates", (_call, outcome) =>
    mapOutcomeData(outcome, (data) => mapJson(data, visitor)),
  );
}

function epochToIso(value: number): string | undefined {
  if (value >= 1e9 && value < 1e10) return formatEpochMilliseconds(Math.round(value * 1000));
  if (value >= 1e12 && value < 1e13) return formatEpochMilliseconds(Math.round(value));
  return undefined;
}
