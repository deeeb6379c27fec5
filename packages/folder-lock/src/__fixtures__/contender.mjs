// One contender for a lock file, run by race.test.ts: says "ready", waits for "go <epoch ms>" on stdin, spins
// until that moment (so every contender starts together), makes one tryLock attempt, prints its outcome as
// JSON, and keeps what it got until stdin ends; then releases and exits.
// argv: the lock file, then the URL of the built `internal` entry (the test builds it into a folder of its own).
const [path, internal] = process.argv.slice(2);
const { tryLock } = await import(internal);
let attempt;
let input = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => {
  input += chunk;
  const go = /^go (\d+)\n/.exec(input);
  if (!go || attempt) return;
  const start = Number(go[1]);
  while (Date.now() < start) {
    // spin: a timer would add its own jitter
  }
  attempt = tryLock(path);
  process.stdout.write(
    `${JSON.stringify({ pid: process.pid, acquired: attempt.acquired, holder: attempt.acquired ? null : attempt.holder })}\n`,
  );
});
process.stdin.on("end", () => {
  if (attempt?.acquired) attempt.lock.release();
  process.exit(0);
});
process.stdout.write("ready\n");
