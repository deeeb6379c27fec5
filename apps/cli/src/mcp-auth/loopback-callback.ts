import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** A one-shot HTTP server on the loopback interface that waits for the authorization server's redirect. */
export interface LoopbackCallback {
  readonly port: number;
  /** Resolves with the URL the browser was redirected to (`/callback?code=…&state=…`). */
  readonly redirected: Promise<URL>;
  close(): Promise<void>;
}

const PAGE = (text: string) =>
  `<!doctype html><meta charset="utf-8"><title>keel mcp login</title><p style="font:16px system-ui;margin:3em">${text}</p>`;

/**
 * Listens on 127.0.0.1 (RFC 8252 §7.3: the loopback IP literal, not `localhost`) on `port`, or any free
 * port for 0, until `/callback` is requested once or `timeoutMs` passes. Other paths get 404.
 */
export async function listenForCallback(port: number, timeoutMs: number): Promise<LoopbackCallback> {
  let resolve!: (url: URL) => void;
  let reject!: (error: Error) => void;
  const redirected = new Promise<URL>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  redirected.catch(() => {});
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (url.pathname !== "/callback") {
      response.writeHead(404).end();
      return;
    }
    const failed = url.searchParams.has("error");
    response
      .writeHead(failed ? 400 : 200, { "content-type": "text/html; charset=utf-8" })
      .end(
        PAGE(
          failed
            ? "Authorization was refused. You can close this tab."
            : "Keel is authorised. You can close this tab.",
        ),
      );
    resolve(new URL(url.pathname + url.search, `http://127.0.0.1:${port}`));
  });
  await new Promise<void>((ok, fail) => {
    server.once("error", fail);
    server.listen(port, "127.0.0.1", ok);
  });
  const timer = setTimeout(
    () => reject(new Error(`nobody completed the authorization within ${Math.round(timeoutMs / 1000)} s`)),
    timeoutMs,
  );
  timer.unref();
  return {
    port: (server.address() as AddressInfo).port,
    redirected,
    close: async () => {
      clearTimeout(timer);
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    },
  };
}
