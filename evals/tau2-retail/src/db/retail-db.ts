import { readFileSync } from "node:fs";

/** One variant of a product (τ²'s `Variant`): its item id, options, stock and price. */
export interface Variant {
  item_id: string;
  options: Record<string, string>;
  available: boolean;
  price: number;
}

export interface Product {
  name: string;
  product_id: string;
  variants: Record<string, Variant>;
}

export interface Address {
  address1: string;
  address2: string;
  city: string;
  country: string;
  state: string;
  zip: string;
}

/** τ²'s `PaymentMethod` union; only a gift card has a balance. */
export type PaymentMethod =
  | { source: "credit_card"; id: string; brand: string; last_four: string }
  | { source: "paypal"; id: string }
  | { source: "gift_card"; id: string; balance: number };

export interface User {
  user_id: string;
  name: { first_name: string; last_name: string };
  address: Address;
  email: string;
  payment_methods: Record<string, PaymentMethod>;
  orders: string[];
}

export interface OrderItem {
  name: string;
  product_id: string;
  item_id: string;
  price: number;
  options: Record<string, string>;
}

export interface OrderPayment {
  transaction_type: "payment" | "refund";
  amount: number;
  payment_method_id: string;
}

/**
 * τ²'s `Order`. The optional keys are absent in db.json and set only by a write; τ²'s `Optional[...] = None`
 * is modelled as an absent key, so the database keeps db.json's shape.
 */
export interface Order {
  order_id: string;
  user_id: string;
  address: Address;
  items: OrderItem[];
  status: string;
  fulfillments: { tracking_id: string[]; item_ids: string[] }[];
  payment_history: OrderPayment[];
  cancel_reason?: string;
  exchange_items?: string[];
  exchange_new_items?: string[];
  exchange_payment_method_id?: string;
  exchange_price_difference?: number;
  return_items?: string[];
  return_payment_method_id?: string;
}

/** The retail database in db.json's shape. The tools mutate it in place, as τ²'s do. */
export interface RetailDb {
  products: Record<string, Product>;
  users: Record<string, User>;
  orders: Record<string, Order>;
}

const DB_URL = new URL("../../data/db.json", import.meta.url);
let pristineText: string | undefined;
let pristine: RetailDb | undefined;

/** db.json's text, read once per process. */
export function pristineDbText(): string {
  pristineText ??= readFileSync(DB_URL, "utf8");
  return pristineText;
}

/**
 * A fresh copy of the pristine database: every run starts from its own. The copy is made from db.json
 * parsed once per process (and frozen, so nothing can change it), three times faster than parsing the
 * 2.8 MB text again; it is plain JSON data with db.json's key order, as `JSON.parse` would give.
 */
export function loadPristineDb(): RetailDb {
  pristine ??= deepFreeze(JSON.parse(pristineDbText()) as RetailDb);
  return copyJson(pristine);
}

function copyJson<T>(value: T): T {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) {
    const copy: unknown[] = new Array(value.length);
    for (let index = 0; index < value.length; index += 1) copy[index] = copyJson(value[index]);
    return copy as T;
  }
  const record = value as Record<string, unknown>;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(record)) {
    // As JSON.parse does: "__proto__" is an own key, not the prototype.
    if (key === "__proto__") Object.defineProperty(copy, key, { ...ownData, value: copyJson(record[key]) });
    else copy[key] = copyJson(record[key]);
  }
  return copy as T;
}

const ownData = { enumerable: true, writable: true, configurable: true };

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object") {
    for (const item of Object.values(value)) deepFreeze(item);
    Object.freeze(value);
  }
  return value;
}

/** The entry of `record` under `key`, never one inherited from Object.prototype ("constructor"). */
export function ownEntry<T>(record: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
