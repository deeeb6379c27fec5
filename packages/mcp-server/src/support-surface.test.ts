import { createMemoryBackend, createSupportTools } from "@keel/support-desk";
import { describe, expect, it } from "vitest";
import { CONVERSATION_HOOK, supportSurface } from "./support-surface.js";

describe("supportSurface", () => {
  it("keeps every support hook for a session", () => {
    const names = supportSurface(createMemoryBackend(), "session").hooks.pre?.map((hook) => hook.name);
    expect(names).toContain(CONVERSATION_HOOK);
    expect(names).toContain("refund-limit");
  });

  it("drops only the verified-customer hook for stateless HTTP, where no earlier call exists", () => {
    const backend = createMemoryBackend();
    const session = supportSurface(backend, "session").hooks.pre?.map((hook) => hook.name) ?? [];
    const stateless = supportSurface(backend, "stateless").hooks.pre?.map((hook) => hook.name);
    expect(stateless).toEqual(session.filter((name) => name !== CONVERSATION_HOOK));
  });

  it("exposes the support tools, in their order", () => {
    const backend = createMemoryBackend();
    const names = createSupportTools(backend).map((tool) => tool.name);
    expect(supportSurface(backend, "stateless").tools.names).toEqual(names);
  });
});
