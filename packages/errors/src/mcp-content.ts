import { isPlainObject } from "@keel/wire/internal";
import { isModelImageType, isToolContent } from "./tool-content.js";
import type { ToolContent } from "./types.js";

/** The MCP content blocks Keel writes beside its text: an image, or an embedded resource (text or blob). */
export type McpImageContent = { type: "image"; data: string; mimeType: string };
export type McpResourceContent = {
  type: "resource";
  resource: { uri: string; mimeType: string; text: string } | { uri: string; mimeType: string; blob: string };
};

/** A Keel content block as an MCP content block (the reverse of toolContentOf, for Keel's own blocks). */
export function mcpContentOf(
  block: ToolContent,
  index: number,
): { type: "text"; text: string } | McpImageContent | McpResourceContent {
  switch (block.type) {
    case "text":
      return { type: "text", text: block.text };
    case "image":
      return { type: "image", data: block.source.data, mimeType: block.source.media_type };
    case "document": {
      const uri = `keel:content/${index}${block.title === undefined ? "" : `/${encodeURIComponent(block.title)}`}`;
      return block.source.type === "base64"
        ? { type: "resource", resource: { uri, mimeType: block.source.media_type, blob: block.source.data } }
        : { type: "resource", resource: { uri, mimeType: block.source.media_type, text: block.source.data } };
    }
  }
}

const KEEL_CONTENT_URI = /^keel:content\/\d+(?:\/(.*))?$/;

/**
 * What the model can be shown of one MCP content block that is not plain text: an image as an image, a
 * PDF as a document, a text resource as a text document, and anything the Messages API cannot take
 * (audio, other image or binary types, a resource link) as a short text saying what it was, so nothing
 * vanishes without a word. Returns undefined for a text block or something that is not a block.
 */
export function toolContentOf(block: unknown): ToolContent | undefined {
  if (!isPlainObject(block) || block.type === "text") return undefined;
  switch (block.type) {
    case "image":
      return typeof block.mimeType === "string" && isModelImageType(block.mimeType)
        ? checked({ type: "image", source: { type: "base64", media_type: block.mimeType, data: block.data } })
        : note(`an image of type ${String(block.mimeType)}, which the model cannot be shown`);
    case "audio":
      return note(`audio of type ${String(block.mimeType)}, which the model cannot be shown`);
    case "resource_link":
      return note(
        `a link to the resource ${String(block.uri)}` +
          (typeof block.name === "string" ? ` ("${block.name}")` : "") +
          (typeof block.description === "string" ? `: ${block.description}` : ""),
      );
    case "resource":
      return resourceContent(block.resource);
    default:
      return note(`a content block of type ${String(block.type)}, which Keel does not pass on`);
  }
}

function resourceContent(resource: unknown): ToolContent | undefined {
  if (!isPlainObject(resource) || typeof resource.uri !== "string") return note("a malformed resource");
  const title = KEEL_CONTENT_URI.exec(resource.uri)?.[1];
  const named = title === undefined ? { title: resource.uri } : title === "" ? {} : { title: decode(title) };
  const mimeType = typeof resource.mimeType === "string" ? resource.mimeType : "";
  if (typeof resource.text === "string") {
    if (resource.text.length === 0) return undefined;
    return checked({
      type: "document",
      source: { type: "text", media_type: "text/plain", data: resource.text },
      ...named,
    });
  }
  if (typeof resource.blob === "string") {
    if (mimeType === "application/pdf") {
      return checked({
        type: "document",
        source: { type: "base64", media_type: "application/pdf", data: resource.blob },
        ...named,
      });
    }
    if (isModelImageType(mimeType)) {
      return checked({
        type: "image",
        source: { type: "base64", media_type: mimeType, data: resource.blob },
      });
    }
  }
  return note(
    `the resource ${resource.uri} (${mimeType || "unknown type"}), which the model cannot be shown`,
  );
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function checked(block: unknown): ToolContent {
  return isToolContent(block) ? block : note("a block whose data is not valid base64");
}

function note(what: string): ToolContent {
  return { type: "text", text: `[The tool also returned ${what}.]` };
}
