import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";

const WORKER = fileURLToPath(new URL("../workers/server-worker.mjs", import.meta.url));

/**
 * Starts the testkit server in its own process.
 * @typedef {{ url: string, stats: () => Promise<{ cpuMicros: number, requests: number }>, close: () => Promise<void> }} ServerProcess
 * @returns {Promise<ServerProcess>}
 */
export async function startServerProcess() {
  const child = fork(WORKER, [], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  let nextId = 0;
  /** @type {Map<number, (value: any) => void>} */
  const waiting = new Map();
  /** @type {string} */
  const url = await new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) =>
      reject(new Error(`the testkit server process exited (${code}) before it was ready`)),
    );
    child.on("message", (/** @type {any} */ message) => {
      if (message?.type === "ready") resolve(message.url);
      else if (message?.type === "stats") {
        waiting.get(message.id)?.(message);
        waiting.delete(message.id);
      }
    });
  });
  child.removeAllListeners("exit");
  return {
    url,
    stats() {
      const id = nextId++;
      return new Promise((resolve) => {
        waiting.set(id, (message) => resolve({ cpuMicros: message.cpuMicros, requests: message.requests }));
        child.send({ type: "stats", id });
      });
    },
    close() {
      return new Promise((resolve) => {
        child.once("exit", () => resolve());
        child.send({ type: "close" });
      });
    },
  };
}
