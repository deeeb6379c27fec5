import { success, transientError, validEmpty } from "@keel/errors";
import { afterEach, describe, expect, it } from "vitest";
import { HookConfigError } from "../hook-config-error.js";
import { makeCall, makeContext } from "../hook-context.test-helpers.js";
import { runPostHooks } from "../run-post-hooks.js";
import { normalizeDates } from "./normalize-dates.js";

const call = makeCall("lookup_order", { order_id: "ORD-1" });
const normalize = async (data: unknown, hook = normalizeDates()) => {
  const outcome = await runPostHooks([hook], call, success(data), makeContext());
  return outcome.kind === "success" ? outcome.data : outcome;
};

describe("normalizeDates", () => {
  it.each([
    ["03/15/2024", "2024-03-15"],
    ["3/5/2024", "2024-03-05"],
    ["03-15-2024", "2024-03-15"],
    ["2024/03/15", "2024-03-15"],
    ["2024-03-15", "2024-03-15"],
    ["March 15, 2024", "2024-03-15"],
    ["Mar 15 2024", "2024-03-15"],
    ["Friday, March 15th, 2024", "2024-03-15"],
    ["15 March 2024", "2024-03-15"],
    ["2024-03-15T10:00:00Z", "2024-03-15T10:00:00Z"],
    ["2024-03-15T10:00:00.000Z", "2024-03-15T10:00:00Z"],
    ["2024-03-15T10:00:00.250Z", "2024-03-15T10:00:00.25Z"],
    ["2024-03-15T12:30:00+02:00", "2024-03-15T10:30:00Z"],
    ["2024-03-15 23:30:00-05:00", "2024-03-16T04:30:00Z"],
    ["Fri, 15 Mar 2024 10:00:00 GMT", "2024-03-15T10:00:00Z"],
    ["2024-03-15T10:00:00", "2024-03-15T10:00:00"],
    ["03/15/2024 10:30 PM", "2024-03-15T22:30:00"],
    ["March 15, 2024 at 12:05 am", "2024-03-15T00:05:00"],
    ["02/29/2024", "2024-02-29"],
  ])("rewrites %j to %j", async (input, expected) => {
    expect(await normalize({ date: input })).toEqual({ date: expected });
  });

  it.each([
    "02/30/2024",
    "02/29/2023",
    "13/01/2024",
    "2024-03-15T25:00:00Z",
    "shipped 03/15/2024",
    "03/15/24",
    "ORD-2024-03-15",
    "1710496800",
    "12:30",
    "March 2024",
    "",
  ])("leaves %j alone", async (input) => {
    expect(await normalize({ note: input })).toEqual({ note: input });
  });

  it("reads numeric dates day-first when told to", async () => {
    const dayFirst = normalizeDates({ numericOrder: "day-first" });
    expect(await normalize({ a: "15/03/2024", b: "03/04/2024" }, dayFirst)).toEqual({
      a: "2024-03-15",
      b: "2024-04-03",
    });
  });

  it("turns epoch seconds and milliseconds in date-named fields into UTC", async () => {
    expect(
      await normalize({
        created_at: 1710496800,
        updatedAt: 1710496800123,
        timestamp: 1710496800.5,
        shipped_on: 1710496800,
      }),
    ).toEqual({
      created_at: "2024-03-15T10:00:00Z",
      updatedAt: "2024-03-15T10:00:00.123Z",
      timestamp: "2024-03-15T10:00:00.500Z",
      shipped_on: "2024-03-15T10:00:00Z",
    });
  });

  it("leaves numbers alone outside date-named fields or plausible epoch ranges", async () => {
    const data = { amount: 1710496800, format: 1710496800, response_time: 1500, created_at: 42 };
    expect(await normalize(data)).toEqual(data);
  });

  it("uses a caller's pattern for date-named fields", async () => {
    const hook = normalizeDates({ dateFields: /^when$/g });
    expect(await normalize({ when: 1710496800, created_at: 1710496800 }, hook)).toEqual({
      when: "2024-03-15T10:00:00Z",
      created_at: 1710496800,
    });
  });

  it("walks nested objects and arrays, and turns Date objects into ISO strings", async () => {
    const data = {
      orders: [{ placed: "03/15/2024", items: [{ eta: "April 2, 2024" }] }],
      checked: new Date(Date.UTC(2024, 2, 15, 10)),
    };
    expect(await normalize(data)).toEqual({
      orders: [{ placed: "2024-03-15", items: [{ eta: "2024-04-02" }] }],
      checked: "2024-03-15T10:00:00Z",
    });
  });

  it("gives the same result in every machine time zone", async () => {
    const data = { a: "03/15/2024 10:30 PM", b: "2024-03-15T12:30:00+02:00", created_at: 1710496800 };
    const results: unknown[] = [];
    for (const zone of ["UTC", "America/Los_Angeles", "Asia/Kolkata", "Pacific/Kiritimati"]) {
      process.env.TZ = zone;
      results.push(await normalize(data));
    }
    expect(new Set(results.map((result) => JSON.stringify(result))).size).toBe(1);
  });

  it("returns the same outcome object when there is nothing to change", async () => {
    const outcome = success({ id: "ORD-1", placed: "2024-03-15", lines: [{ sku: "A" }] });
    expect(await runPostHooks([normalizeDates()], call, outcome, makeContext())).toBe(outcome);
  });

  it("normalizes the data of a valid-empty outcome but never touches an error", async () => {
    const empty = validEmpty("NO_REFUNDS", "No refunds on record.", { checked_on: "03/15/2024" });
    const error = transientError("CRM_DOWN", "Retry after 03/15/2024.", { details: { since: "03/15/2024" } });
    expect(await runPostHooks([normalizeDates()], call, empty, makeContext())).toMatchObject({
      data: { checked_on: "2024-03-15" },
    });
    expect(await runPostHooks([normalizeDates()], call, error, makeContext())).toBe(error);
  });

  it("rejects an unknown numeric order", () => {
    expect(() => normalizeDates({ numericOrder: "year-first" as never })).toThrow(HookConfigError);
  });
});

afterEach(() => {
  delete process.env.TZ;
});
