import { describe, expect, it } from "vitest";
import { createReadCache } from "./read-cache.js";

type Answer = { readonly kind: "found" | "not_found" | "unreachable"; readonly value?: number };

const always = () => true;
const found = (value: number): Answer => ({ kind: "found", value });
/** A load that answers `answer` at once. */
const loading = (answer: Answer) => async () => answer;

/** A load whose answer the test releases by hand, to interleave a read with a write. */
function heldLoad(answer: Answer) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  return {
    load: async () => {
      await released;
      return answer;
    },
    release: () => release(),
  };
}

describe("createReadCache", () => {
  it("answers a repeated read from memory until a write", async () => {
    const cache = createReadCache();
    let loads = 0;
    const load = async () => found(++loads);
    expect(await cache.read("order:1", load, always)).toEqual(found(1));
    expect(await cache.read("order:1", load, always)).toEqual(found(1));
    await cache.write(async () => "refunded");
    expect(await cache.read("order:1", load, always)).toEqual(found(2));
  });

  it("never stores what a read loaded while a write started and ended", async () => {
    const cache = createReadCache();
    const slow = heldLoad(found(0));
    const staleRead = cache.read("order:1", slow.load, always);
    await cache.write(async () => "refunded");
    slow.release();
    expect(await staleRead).toEqual(found(0));
    expect(await cache.read("order:1", loading(found(1)), always)).toEqual(found(1));
  });

  it("neither serves nor stores entries while a write is in flight", async () => {
    const cache = createReadCache();
    await cache.read("order:1", loading(found(0)), always);
    let finishWrite: () => void = () => {};
    const writing = cache.write(() => new Promise<void>((resolve) => (finishWrite = resolve)));
    expect(await cache.read("order:1", loading(found(1)), always)).toEqual(found(1));
    expect(cache.size).toBe(0);
    finishWrite();
    await writing;
    expect(await cache.read("order:1", loading(found(2)), always)).toEqual(found(2));
  });

  it("clears even when the write fails", async () => {
    const cache = createReadCache();
    await cache.read("order:1", loading(found(0)), always);
    await expect(cache.write(() => Promise.reject(new Error("rolled back")))).rejects.toThrow("rolled back");
    expect(cache.size).toBe(0);
  });

  it("keeps only what the caller calls an answer, and never a thrown failure", async () => {
    const cache = createReadCache();
    const isAnswer = (answer: Answer) => answer.kind !== "unreachable";
    await cache.read("order:1", async (): Promise<Answer> => ({ kind: "unreachable" }), isAnswer);
    await expect(cache.read("order:2", () => Promise.reject(new Error("down")), isAnswer)).rejects.toThrow();
    expect(cache.size).toBe(0);
  });

  it("stops serving and storing once closed", async () => {
    const cache = createReadCache();
    await cache.read("order:1", loading(found(0)), always);
    cache.close();
    expect(await cache.read("order:1", async () => ({ kind: "unreachable" }), always)).toEqual({
      kind: "unreachable",
    });
    expect(cache.size).toBe(0);
  });

  it("stays bounded: the oldest entry goes at the limit, and long keys are never kept", async () => {
    const cache = createReadCache(2);
    for (const key of ["a", "b", "c"]) await cache.read(key, async () => ({ kind: "found" }), always);
    expect(cache.size).toBe(2);
    let loads = 0;
    const counted = async () => found(++loads);
    await cache.read("a", counted, always);
    expect(loads).toBe(1);
    const longKey = `customer-email:${"x".repeat(300)}`;
    await cache.read(longKey, counted, always);
    await cache.read(longKey, counted, always);
    expect(loads).toBe(3);
  });

  it("freezes what it keeps, so no caller can change another caller's answer", async () => {
    const cache = createReadCache();
    const answer = await cache.read("order:1", async () => ({ kind: "found", order: { amount: 1 } }), always);
    expect(Object.isFrozen(answer)).toBe(true);
    expect(Object.isFrozen(answer.order)).toBe(true);
  });
});
