// The real keel-mcp start-up, signal handling and shutdown (from dist), serving one slow tool, so a test
// can send SIGTERM while a call is provably in flight: the tool says on stderr when it has started.
import { success } from "@keel/errors";
import { createToolset, defineTool } from "@keel/tools";
import { z } from "zod";
import { runCli } from "../../../dist/cli/run-cli.js";

const slowEcho = defineTool({
  name: "slow_echo",
  description: {
    does: "Echoes its text after 500 ms.",
    useWhen: ["a test needs a call that is still running"],
    doNotUseWhen: [{ when: "anything else" }],
    takes: "text",
    returns: "the same text",
  },
  input: z.strictObject({ text: z.string() }),
  effect: "read",
  handler: async ({ text }) => {
    process.stderr.write("slow_echo started\n");
    await new Promise((resolve) => setTimeout(resolve, 500));
    return success({ text });
  },
});

const tools = createToolset([slowEcho]);
runCli(process.argv.slice(2), process.env, { surface: () => ({ tools, hooks: {}, annotations: {} }) }).then(
  (code) => {
    process.exitCode = code;
  },
);
