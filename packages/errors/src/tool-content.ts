import { isPlainObject } from "@keel/wire/internal";
import type { ToolContent } from "./types.js";

const IMAGE_TYPES: readonly string[] = ["image/jpeg", "image/png", "image/gif", "image/webp"];
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** True for a content block the Messages API accepts inside a `tool_result`, in the shape Keel sends. */
export function isToolContent(value: unknown): value is ToolContent {
  if (!isPlainObject(value)) return false;
  switch (value.type) {
    case "text":
      return typeof value.text === "string" && value.text.length > 0;
    case "image": {
      const source = value.source;
      return (
        isPlainObject(source) &&
        source.type === "base64" &&
        typeof source.media_type === "string" &&
        IMAGE_TYPES.includes(source.media_type) &&
        isBase64(source.data)
      );
    }
    case "document": {
      const source = value.source;
      if (!isPlainObject(source) || (value.title !== undefined && typeof value.title !== "string")) {
        return false;
      }
      if (source.type === "base64") return source.media_type === "application/pdf" && isBase64(source.data);
      return source.type === "text" && source.media_type === "text/plain" && typeof source.data === "string";
    }
    default:
      return false;
  }
}

function isBase64(value: unknown): value is string {
  return typeof value === "string" && value.length > 0 && value.length % 4 === 0 && BASE64.test(value);
}

/** The content of a success outcome, when it has a valid non-empty list; undefined otherwise. */
export function contentOf(value: unknown): readonly ToolContent[] | undefined {
  if (!Array.isArray(value) || value.length === 0 || !value.every(isToolContent)) return undefined;
  return value;
}

/** Whether an image media type is one the Messages API accepts. */
export function isModelImageType(mediaType: string): mediaType is ImageMediaType {
  return IMAGE_TYPES.includes(mediaType);
}

type ImageMediaType = "image/jpeg" | "image/png" | "image/gif" | "image/webp";
