import type { RetailDb } from "../db/retail-db.js";
import { accountTools } from "./account-tools.js";
import { deliveredOrderWrites } from "./delivered-order-writes.js";
import { lookupTools } from "./lookups.js";
import { pendingOrderWrites } from "./pending-order-writes.js";

/** The sixteen τ² retail tools as Keel tools, acting on `db` (mutated in place, as τ²'s environment is). */
export function createRetailTools(db: RetailDb) {
  return [...lookupTools(db), ...pendingOrderWrites(db), ...deliveredOrderWrites(db), ...accountTools(db)];
}
