/**
 * Media blocks as the Messages API takes them inside a `tool_result`: what a tool hands the model beside
 * its data, declared here so that the wire types and @keel/errors' tool outcomes share one shape.
 */

/** An image for the model, as the Messages API takes it inside a `tool_result` (base64 only). */
export interface ImageContent {
  readonly type: "image";
  readonly source: {
    readonly type: "base64";
    readonly media_type: "image/jpeg" | "image/png" | "image/gif" | "image/webp";
    readonly data: string;
  };
}

/** A document for the model: a PDF (base64) or plain text, as the Messages API takes it in a `tool_result`. */
export interface DocumentContent {
  readonly type: "document";
  readonly source:
    | { readonly type: "base64"; readonly media_type: "application/pdf"; readonly data: string }
    | { readonly type: "text"; readonly media_type: "text/plain"; readonly data: string };
  readonly title?: string | undefined;
}
