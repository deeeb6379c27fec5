import { describe, expect, it } from "vitest";
import { success, validEmpty } from "./builders.js";
import { KeelConfigError } from "./keel-error.js";
import { fromMcpResult, toMcpResult } from "./mcp-result.js";
import { fromToolResultBlock, toolResultText, toToolResultBlock } from "./tool-result-block.js";
import type { ToolContent } from "./types.js";

// A 1x1 PNG.
const PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
const image: ToolContent = { type: "image", source: { type: "base64", media_type: "image/png", data: PNG } };
const pdf: ToolContent = {
  type: "document",
  source: { type: "base64", media_type: "application/pdf", data: "JVBERi0xLjQK" },
  title: "invoice 7.pdf",
};

describe("content blocks beside a success's data", () => {
  it("reach the model as blocks inside the tool_result, after the data, and read back", () => {
    const outcome = success({ order: "ORD-1" }, { content: [image, pdf] });
    const block = toToolResultBlock("toolu_1", outcome);
    expect(block.content).toEqual([{ type: "text", text: '{"order":"ORD-1"}' }, image, pdf]);
    expect(toolResultText(block)).toBe('{"order":"ORD-1"}');
    expect(fromToolResultBlock(block).outcome).toEqual(outcome);
  });

  it("leave out an empty data text block (the API rejects empty text)", () => {
    const block = toToolResultBlock("toolu_2", success("", { content: [image] }));
    expect(block.content).toEqual([image]);
    expect(fromToolResultBlock(block).outcome).toEqual(success("", { content: [image] }));
  });

  it("a success without content is still a plain string, as before", () => {
    expect(toToolResultBlock("toolu_3", success({ a: 1 })).content).toBe('{"a":1}');
    expect(success({ a: 1 }, { content: [] })).toEqual(success({ a: 1 }));
  });

  it("cross the MCP hop as MCP image and resource blocks and come back the same", () => {
    const outcome = success({ order: "ORD-1" }, { content: [image, pdf, { type: "text", text: "page 2" }] });
    const result = toMcpResult(outcome);
    expect(result.content.slice(1)).toEqual([
      { type: "image", data: PNG, mimeType: "image/png" },
      {
        type: "resource",
        resource: {
          uri: "keel:content/1/invoice%207.pdf",
          mimeType: "application/pdf",
          blob: "JVBERi0xLjQK",
        },
      },
      { type: "text", text: "page 2" },
    ]);
    expect(JSON.stringify(result._meta)).not.toContain(PNG);
    expect(fromMcpResult(result)).toEqual(outcome);
  });

  it("a builder refuses a block the Messages API would refuse", () => {
    const svg = { type: "image", source: { type: "base64", media_type: "image/svg+xml", data: PNG } };
    expect(() => success(1, { content: [svg as unknown as ToolContent] })).toThrow(KeelConfigError);
    const notBase64 = {
      type: "image",
      source: { type: "base64", media_type: "image/png", data: "not base64!" },
    };
    expect(() => success(1, { content: [notBase64 as ToolContent] })).toThrow(/base64 images/);
    expect(() => success(1, { content: [{ type: "text", text: "" }] })).toThrow(KeelConfigError);
  });

  it("only a success carries content: an empty or error outcome is unchanged", () => {
    expect(toToolResultBlock("toolu_4", validEmpty("NONE", "Nothing.")).content).toEqual(expect.any(String));
  });
});

describe("a foreign MCP server's non-text blocks", () => {
  it("an image stays an image; audio, links and odd types become a line saying what they were", () => {
    const outcome = fromMcpResult({
      content: [
        { type: "text", text: "Here is the picture." },
        { type: "image", data: PNG, mimeType: "image/png" },
        { type: "image", data: PNG, mimeType: "image/svg+xml" },
        { type: "audio", data: "AAAA", mimeType: "audio/wav" },
        { type: "resource_link", uri: "file:///a.txt", name: "a.txt", description: "the notes" },
        { type: "resource", resource: { uri: "file:///b.txt", mimeType: "text/plain", text: "B" } },
      ],
    });
    expect(outcome).toEqual(
      success("Here is the picture.", {
        content: [
          image,
          {
            type: "text",
            text: "[The tool also returned an image of type image/svg+xml, which the model cannot be shown.]",
          },
          {
            type: "text",
            text: "[The tool also returned audio of type audio/wav, which the model cannot be shown.]",
          },
          {
            type: "text",
            text: '[The tool also returned a link to the resource file:///a.txt ("a.txt"): the notes.]',
          },
          {
            type: "document",
            source: { type: "text", media_type: "text/plain", data: "B" },
            title: "file:///b.txt",
          },
        ],
      }),
    );
  });

  it("an image whose data is not base64 is described, not passed on to be refused by the API", () => {
    const outcome = fromMcpResult({ content: [{ type: "image", data: "%%%", mimeType: "image/png" }] });
    expect(outcome).toEqual(
      success("", {
        content: [{ type: "text", text: "[The tool also returned a block whose data is not valid base64.]" }],
      }),
    );
  });

  it("an error result stays an error whatever blocks it has", () => {
    const outcome = fromMcpResult({
      isError: true,
      content: [
        { type: "text", text: "boom" },
        { type: "image", data: PNG, mimeType: "image/png" },
      ],
    });
    expect(outcome).toMatchObject({ kind: "error", category: "unclassified", message: "boom" });
  });
});
