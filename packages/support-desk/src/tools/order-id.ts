const CANONICAL = /^ORD-(\d{3,10})$/i;
const HASH_OR_DIGITS = /^#?(\d{3,10})$/;

/**
 * Customers write order ids as ORD-1001, ord-1001, #1001 or 1001; all name the order ORD-1001.
 * Anything else is not an order id (null).
 */
export function normalizeOrderId(text: string): string | null {
  const trimmed = text.trim();
  const digits = CANONICAL.exec(trimmed)?.[1] ?? HASH_OR_DIGITS.exec(trimmed)?.[1];
  return digits ? `ORD-${digits}` : null;
}
