import type { ModelStreamEvent, TraceEvent } from "@keel/loop";
import type { RetryEvent } from "@keel/loop/internal";
import type { TextSink } from "../cli-io.js";
import type { Spinner } from "../terminal/spinner.js";
import type { Style } from "../terminal/style.js";
import {
  ignoredLine,
  indentText,
  modelRetryLine,
  responseLine,
  toolCallLines,
} from "../trace/format-steps.js";

/** Listeners for runAgent that print the run for people as it happens. */
export interface RunReporter {
  readonly onEvent: (event: TraceEvent) => void;
  readonly onStreamEvent: (event: ModelStreamEvent) => void;
  /** Stops the spinner and ends an open line. */
  readonly close: () => void;
}

/**
 * Prints each step on `out` — the model's text as it streams, then each tool call with the hook's decision
 * and the outcome — with a spinner on stderr while a request waits for its first token.
 */
export function createRunReporter(out: TextSink, style: Style, spinner: Spinner): RunReporter {
  let request = 0;
  let final = false;
  let streaming = false;
  let lineOpen = false;
  // Retries happen before their call's event; they are printed inside it.
  const retries = new Map<string, RetryEvent[]>();
  const write = (text: string) => {
    spinner.stop();
    out.write(text);
  };
  const endLine = () => {
    if (lineOpen) write("\n");
    lineOpen = false;
  };
  const label = () => `${style.bold(`[${request}]`)} ${style.blue(final ? "final" : "model")} `;

  const onEvent = (event: TraceEvent): void => {
    switch (event.type) {
      case "request":
        endLine();
        request = event.index;
        final = event.final;
        streaming = false;
        spinner.start(
          event.final
            ? "asking the model for a final answer…"
            : `waiting for the model (request ${event.index})…`,
        );
        return;
      case "response":
        endLine();
        if (!streaming) write(`${label()}${style.dim("(no text)")}\n`);
        write(`${responseLine(event, style)}\n`);
        return;
      case "tool_call":
        endLine();
        write(`${toolCallLines(event, style, retries.get(event.id)).join("\n")}\n`);
        retries.delete(event.id);
        return;
      case "retry":
        retries.set(event.id, [...(retries.get(event.id) ?? []), event]);
        return;
      case "model_retry":
        endLine();
        write(`${modelRetryLine(event, style)}\n`);
        return;
      case "tool_use_ignored":
        endLine();
        write(`${ignoredLine(event, style)}\n`);
        return;
      default:
        return;
    }
  };

  const onStreamEvent = (event: ModelStreamEvent): void => {
    if (event.type !== "text_delta" || event.text === "") return;
    if (!streaming) {
      write(label());
      streaming = true;
    }
    write(indentText(event.text));
    lineOpen = !event.text.endsWith("\n");
  };

  return {
    onEvent,
    onStreamEvent,
    close: () => {
      spinner.stop();
      endLine();
    },
  };
}
