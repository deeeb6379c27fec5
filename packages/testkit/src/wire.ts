import type { MessageCreateRequest } from "@keel/wire";

/**
 * A `POST /v1/messages` body that passed the fake's validation. The Messages API shapes themselves are
 * declared once, in `@keel/wire`; fields the fake does not check are kept as they arrived.
 */
export type MessagesRequest = MessageCreateRequest & { [key: string]: unknown };
