/**
 * Identifier shapes the router recognises. `prefixed:ORD` is an id such as ORD-12345; the prefix is part
 * of the shape, so `C-1001` never matches a description that declares `ORD-…`.
 */
export type IdentifierShape = "email" | "hash-number" | "long-number" | `prefixed:${string}`;

/** Any prefixed id: declared by a description that names an id ("the customer_id") but shows no example. */
export const ANY_PREFIXED_ID: IdentifierShape = "prefixed:*";

/** One identifier found in a request, as written. */
export interface IdentifierOccurrence {
  readonly shape: IdentifierShape;
  readonly text: string;
}

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
const HASH_NUMBER = /#\d+\b/g;
const PREFIXED_ID = /\b([A-Za-z][A-Za-z0-9]{0,5})-([A-Za-z0-9]*\d[A-Za-z0-9]*)\b/g;
const LONG_NUMBER = /\b\d{5,}\b/g;

// How a description declares a shape generically: an example ("#12345", "ORD-…", "C-1001") or a noun.
const DECLARED_EMAIL = /\be-?mails?\b/i;
const DECLARED_HASH = /#(?:\d+|…|\.{3}|[xn]+\b)/gi;
const DECLARED_PREFIX = /\b([A-Z][A-Z0-9]{0,5})-(?:…|\.{3}|\d+|[XN]{2,}\b|<[^>]*>)/g;

/**
 * Finds identifiers in a request and returns them with the text left once they are cut out (so "12345"
 * never becomes a word). Emails first, then `#123`, prefixed ids, and bare numbers of five digits or more.
 */
export function extractIdentifiers(text: string): {
  identifiers: IdentifierOccurrence[];
  rest: string;
} {
  const identifiers: IdentifierOccurrence[] = [];
  let rest = text.replace(EMAIL, (match) => {
    identifiers.push({ shape: "email", text: match });
    return " ";
  });
  rest = rest.replace(HASH_NUMBER, (match) => {
    identifiers.push({ shape: "hash-number", text: match });
    return " ";
  });
  rest = rest.replace(PREFIXED_ID, (match, prefix: string) => {
    identifiers.push({ shape: `prefixed:${prefix.toUpperCase()}`, text: match });
    return " ";
  });
  rest = rest.replace(LONG_NUMBER, (match) => {
    identifiers.push({ shape: "long-number", text: match });
    return " ";
  });
  return { identifiers: sortByPosition(identifiers, text), rest };
}

/**
 * The shapes a piece of description text declares, and the text with the examples cut out.
 * The word "email" declares the email shape; examples declare the others.
 */
export function extractDeclaredShapes(text: string): { shapes: Set<IdentifierShape>; rest: string } {
  const shapes = new Set<IdentifierShape>();
  let rest = text.replace(EMAIL, () => {
    shapes.add("email");
    return " ";
  });
  rest = rest.replace(DECLARED_HASH, () => {
    shapes.add("hash-number");
    return " ";
  });
  rest = rest.replace(DECLARED_PREFIX, (_match, prefix: string) => {
    shapes.add(`prefixed:${prefix}`);
    return " ";
  });
  rest = rest.replace(LONG_NUMBER, () => {
    shapes.add("long-number");
    return " ";
  });
  if (DECLARED_EMAIL.test(rest)) shapes.add("email");
  return { shapes, rest };
}

/** Does a description that declares `shapes` accept this identifier? A bare number may be a `#` number. */
export function acceptsIdentifier(shapes: ReadonlySet<IdentifierShape>, shape: IdentifierShape): boolean {
  if (shapes.has(shape)) return true;
  if (shape.startsWith("prefixed:") && shapes.has(ANY_PREFIXED_ID)) return true;
  return shape === "long-number" && shapes.has("hash-number");
}

function sortByPosition(identifiers: IdentifierOccurrence[], text: string): IdentifierOccurrence[] {
  return identifiers
    .map((identifier) => ({ identifier, position: text.indexOf(identifier.text) }))
    .sort((left, right) => left.position - right.position)
    .map((entry) => entry.identifier);
}
