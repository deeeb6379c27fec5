import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";

/** Each implementation runs in its own fresh node process; results come back over IPC. */

const CHILD_TIMEOUT_MS = 120_000;

/**
 * Runs `script` (a path or file URL) in a fresh `node --expose-gc` process with `task` as its input and
 * resolves with what the child sent through `reply`. Rejects on a crash, a reported error or a timeout.
 * @param {string | URL} script
 * @param {unknown} task
 * @param {{ timeoutMs?: number }} [options]
 * @returns {Promise<any>}
 */
export function runInChild(script, task, options = {}) {
  const path = script instanceof URL ? fileURLToPath(script) : script;
  return new Promise((resolve, reject) => {
    const child = fork(path, [JSON.stringify(task)], {
      execArgv: ["--expose-gc"],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
      serialization: "advanced",
    });
    let settled = false;
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      finish(new Error(`${path}: no answer within ${options.timeoutMs ?? CHILD_TIMEOUT_MS} ms`));
    }, options.timeoutMs ?? CHILD_TIMEOUT_MS);
    /** @param {Error | undefined} error @param {unknown} [value] */
    const finish = (error, value) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(value);
    };
    child.on("message", (/** @type {any} */ message) => {
      if (message?.type === "result") finish(undefined, message.value);
      else if (message?.type === "error") finish(new Error(`${path} (${describe(task)}): ${message.error}`));
    });
    child.on("error", (error) => finish(error));
    child.on("exit", (code, signal) => {
      finish(new Error(`${path} (${describe(task)}) exited (${signal ?? code}) without a result`));
    });
  });
}

/** @param {unknown} task */
function describe(task) {
  const value = /** @type {Record<string, unknown>} */ (task);
  return [value?.bench, value?.implementation, value?.scenario].filter(Boolean).join(" / ");
}

/**
 * Runs a worker module's exported `task` in a fresh child process, or — in smoke mode, where speed
 * matters more than isolation — in this process.
 * @param {URL} worker
 * @param {unknown} task
 * @param {boolean} inProcess
 */
export async function runTask(worker, task, inProcess) {
  if (!inProcess) return runInChild(worker, task);
  const module = await import(worker.href);
  return module.task(task);
}

/**
 * The child side, when `moduleUrl` is the process's main module: reads the task from argv, runs `work`,
 * sends the result (or the error) and exits. Imported elsewhere (smoke mode), it does nothing.
 * @param {string} moduleUrl
 * @param {(task: any) => Promise<unknown>} work
 */
export async function serveTask(moduleUrl, work) {
  if (process.argv[1] !== fileURLToPath(moduleUrl)) return;
  const task = JSON.parse(process.argv[2] ?? "{}");
  try {
    const value = await work(task);
    await send({ type: "result", value });
    process.exit(0);
  } catch (error) {
    const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
    await send({ type: "error", error: text });
    process.exit(1);
  }
}

/** @param {unknown} message */
function send(message) {
  return new Promise((resolve) => {
    if (!process.send) {
      console.log(JSON.stringify(message, null, 2));
      resolve(undefined);
      return;
    }
    process.send(message, undefined, undefined, () => resolve(undefined));
  });
}
