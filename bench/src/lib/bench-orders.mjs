import { cpSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createSqlBackend, SAMPLE_DATA } from "@keel/support-desk";

/**
 * The orders bench 5 asks for. The PGlite store gets {@link BENCH_ORDER_COUNT} extra orders, more than its
 * read cache holds (1,000 entries), and the callers cycle through all of them, so lookups reach the store
 * instead of measuring one cached order. The in-memory store only has the six sample orders, so its callers
 * cycle through those.
 */
export const BENCH_ORDER_COUNT = 5000;

/** `ORD-20001`, … : ids of the real shape that no sample order uses. @param {number} index */
const benchOrderId = (index) => `ORD-${20_001 + index}`;

/** @returns {string[]} */
export function benchOrderIds() {
  return Array.from({ length: BENCH_ORDER_COUNT }, (_, index) => benchOrderId(index));
}

/** @returns {string[]} */
export function sampleOrderIds() {
  return SAMPLE_DATA.orders.map((order) => order.id);
}

/** @type {Promise<string> | undefined} */
let template;

/**
 * A fresh PGlite data directory holding the sample data plus the bench orders: copied from one directory
 * seeded once per process (seeding takes seconds, copying does not). The caller removes it.
 * @returns {Promise<string>}
 */
export async function seededDataDir() {
  template ??= seedTemplate();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "keel-bench-pglite-"));
  cpSync(await template, dataDir, { recursive: true });
  return dataDir;
}

async function seedTemplate() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "keel-bench-pglite-template-"));
  process.once("exit", () => rmSync(dataDir, { recursive: true, force: true }));
  const customers = SAMPLE_DATA.customers.filter((customer) => customer.status === "active");
  const orders = benchOrderIds().map((id, index) => ({
    id,
    customerId: /** @type {string} */ (customers[index % customers.length]?.id),
    amountCents: 1000 + ((index * 37) % 40_000),
    currency: "USD",
    status: /** @type {const} */ ("delivered"),
    itemSummary: `Bench item ${index + 1}`,
    placedAt: new Date(Date.UTC(2026, 0, 1) + index * 60_000).toISOString(),
  }));
  const backend = await createSqlBackend({
    dataDir,
    data: { ...SAMPLE_DATA, orders: [...SAMPLE_DATA.orders, ...orders] },
  });
  await backend.close();
  return dataDir;
}
