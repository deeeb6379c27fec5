import { KEEL_META_KEY } from "@keel/errors";
import { expect } from "vitest";

type ResultLike = {
  readonly isError?: boolean | undefined;
  readonly content?: unknown;
  readonly structuredContent?: unknown;
  readonly _meta?: Record<string, unknown> | undefined;
};

export function textOf(result: ResultLike): string {
  const content = Array.isArray(result.content) ? result.content : [];
  return content.map((block: { text?: string }) => block.text ?? "").join("\n");
}

export function outcomeMetaOf(result: ResultLike): Record<string, unknown> {
  return (result._meta?.[KEEL_META_KEY] ?? {}) as Record<string, unknown>;
}

/** The shape every Keel error result has: isError, code and guidance in the text, category in _meta. */
export function expectKeelError(result: ResultLike, category: string, code: string): void {
  expect(result.isError).toBe(true);
  expect(result.structuredContent).toBeUndefined();
  expect(textOf(result)).toContain(`Error ${code} (category: ${category}`);
  expect(textOf(result)).toMatch(/retry/i);
  expect(outcomeMetaOf(result)).toMatchObject({ kind: "error", category, code });
}
