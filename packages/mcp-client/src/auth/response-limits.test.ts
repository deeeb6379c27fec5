import { describe, expect, it } from "vitest";
import { McpClientError } from "../mcp-client-error.js";
import { limitAuthorizationResponses } from "./response-limits.js";

// The fetch the transport uses for the authorization flow, against a fake network (no sockets).

const MCP = new URL("https://mcp.example/mcp");

/** A fake network: answers by URL, and logs each request with its method and body. */
function network(answers: Record<string, () => Response>) {
  const seen: Array<{ url: string; method: string; body: string | undefined }> = [];
  const fetchFn = async (input: string | URL, init?: RequestInit) => {
    const url = String(input);
    seen.push({
      url,
      method: init?.method ?? "GET",
      body: init?.body === undefined ? undefined : String(init.body),
    });
    const answer = answers[url];
    if (answer === undefined) throw new Error(`no answer for ${url}`);
    return answer();
  };
  return { seen, fetchFn };
}

/** A body streamed in 1 KiB chunks, with no content-length. */
function streamed(kib: number): Response {
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === kib) return controller.close();
      sent += 1;
      controller.enqueue(new Uint8Array(1024).fill(32));
    },
  });
  return new Response(body, { headers: { "content-type": "application/json" } });
}

describe("limitAuthorizationResponses", () => {
  it("refuses a streamed body without content-length once it passes the limit, then everything after", async () => {
    const { seen, fetchFn } = network({
      "https://as.example/.well-known/oauth-authorization-server": () => streamed(64),
      "https://mcp.example/mcp": () => new Response("{}"),
    });
    const limited = limitAuthorizationResponses("s", MCP, 16 * 1024, fetchFn);
    const failure = await limited("https://as.example/.well-known/oauth-authorization-server").catch(
      (e) => e,
    );
    expect(McpClientError.isInstance(failure) && failure.code).toBe("MCP_UNAUTHORIZED");
    expect((failure as Error).message).toContain("answered more than 16384 bytes (at least 17408)");
    // Nothing more leaves, not even to the MCP endpoint.
    await expect(limited("https://mcp.example/mcp")).rejects.toBe(failure);
    expect(seen).toHaveLength(1);
  });

  it("passes a body within the limit, and the MCP endpoint's responses untouched", async () => {
    const { fetchFn } = network({
      "https://as.example/token": () => streamed(8),
      "https://mcp.example/mcp": () => streamed(64),
    });
    const limited = limitAuthorizationResponses("s", MCP, 16 * 1024, fetchFn);
    expect((await (await limited("https://as.example/token", { method: "POST" })).text()).length).toBe(8192);
    expect((await (await limited("https://mcp.example/mcp")).text()).length).toBe(65536);
  });

  it("follows a redirect within the origin (a 303 as a GET without the body)", async () => {
    const { seen, fetchFn } = network({
      "https://as.example/token": () => new Response(null, { status: 303, headers: { location: "/token2" } }),
      "https://as.example/token2": () => Response.json({ access_token: "x" }),
    });
    const limited = limitAuthorizationResponses("s", MCP, 16 * 1024, fetchFn);
    const response = await limited("https://as.example/token", { method: "POST", body: "code=c" });
    expect(await response.json()).toEqual({ access_token: "x" });
    expect(seen.map(({ url, method, body }) => [url, method, body])).toEqual([
      ["https://as.example/token", "POST", "code=c"],
      ["https://as.example/token2", "GET", undefined],
    ]);
  });

  it("refuses a redirect to another origin without sending anything there", async () => {
    const { seen, fetchFn } = network({
      "https://as.example/token": () =>
        new Response(null, { status: 307, headers: { location: "https://thief.example/token?x=1" } }),
    });
    const limited = limitAuthorizationResponses("s", MCP, 16 * 1024, fetchFn);
    const failure = await limited("https://as.example/token", { method: "POST", body: "code=c" }).catch(
      (e) => e,
    );
    expect((failure as Error).message).toContain("redirected to https://thief.example: refused");
    expect(seen.map((request) => request.url)).toEqual(["https://as.example/token"]);
  });
});
