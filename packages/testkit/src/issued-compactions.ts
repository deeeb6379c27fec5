import { createHash } from "node:crypto";
import type { Message } from "@keel/wire";
import type { MessagesRequest } from "./wire.js";

/** A compaction block the fake served: the history it answered (fingerprinted) and the block. */
interface IssuedCompaction {
  /** Messages of the request it answered; the block heads the assistant turn at this index. */
  readonly position: number;
  readonly fingerprint: string;
  readonly encryptedContent: string;
}

// Breakpoints move from turn to turn (the newest turn carries one): they are not part of the history.
const withoutBreakpoints = (key: string, value: unknown) => (key === "cache_control" ? undefined : value);
const fingerprintOf = (messages: MessagesRequest["messages"]): string =>
  createHash("sha256").update(JSON.stringify(messages, withoutBreakpoints)).digest("base64url");

/**
 * The compaction blocks this server issued, so a later request that continues the same history without the
 * block — or with it changed — is refused. The compaction guide asks the client to send the block back
 * verbatim; the real API is stateless and cannot tell a dropped block from a history that never had one (it
 * would read the whole history again): the fake is stricter on purpose, only for histories it recognises (the
 * same messages up to the turn the block headed), and its wording is its own.
 */
export class IssuedCompactions {
  readonly #issued: IssuedCompaction[] = [];

  /** Records the compaction block heading `served`, if any, as the answer to `request`. */
  record(request: MessagesRequest, served: Message): void {
    const block = served.content[0] as { type?: string; encrypted_content?: unknown } | undefined;
    if (block?.type !== "compaction" || typeof block.encrypted_content !== "string") return;
    this.#issued.push({
      position: request.messages.length,
      fingerprint: fingerprintOf(request.messages),
      encryptedContent: block.encrypted_content,
    });
  }

  /** The problem with a request that continues a compacted history without its block, or undefined. */
  dropped(messages: MessagesRequest["messages"]): string | undefined {
    for (const issued of this.#issued) {
      if (messages.length <= issued.position) continue;
      if (fingerprintOf(messages.slice(0, issued.position)) !== issued.fingerprint) continue;
      const turn = messages[issued.position]!;
      const kept =
        turn.role === "assistant" &&
        typeof turn.content !== "string" &&
        turn.content.some(
          (block) => block.type === "compaction" && block.encrypted_content === issued.encryptedContent,
        );
      if (!kept) {
        return `messages.${issued.position}: the compaction block this turn started with was dropped or replaced; send compaction blocks back exactly as received`;
      }
    }
    return undefined;
  }
}
