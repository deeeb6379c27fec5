import { type HttpServerOptions, type KeelHttpServer, startHttpServer } from "../http.js";
import { silentLogger } from "../logger.js";

/** `/healthz` of a memory store that is always up. */
const healthy = async () => ({ kind: "memory", status: "ok" }) as const;

/** An in-process HTTP server on a free port, logging nothing, its store healthy; `options` may override any. */
export function startTestHttpServer(
  options: Pick<HttpServerOptions, "tools"> & Partial<HttpServerOptions>,
): Promise<KeelHttpServer> {
  return startHttpServer({ logger: silentLogger, port: 0, health: healthy, ...options });
}
