/**
 * The words for a file or text a program was given and cannot use: "not readable: no such file (ENOENT)",
 * "not valid JSON at line 3, column 7: a trailing comma". One implementation for every Keel package and app,
 * so each says it the same way. Nothing here quotes the text: it may hold a secret.
 */

/** Where a JSON text first breaks the grammar, and why. */
export interface JsonErrorPosition {
  /** 1-based line; a line ends at `\n`, `\r\n` or `\r`. */
  readonly line: number;
  /** 1-based column in UTF-16 code units, as editors and `JSON.parse` count. */
  readonly column: number;
  /** 0-based offset of the first character that cannot be there (the text's length when it ends too early). */
  readonly offset: number;
  /** What is wrong there, in words that never quote the text: "a trailing comma", "expected true". */
  readonly reason: string;
}

const VALUE =
  "expected a value (an object, an array, a string in double quotes, a number, true, false or null)";

type Found = { readonly offset: number; readonly reason: string };

const isDigit = (code: number): boolean => code >= 0x30 && code <= 0x39;
const isHex = (code: number): boolean =>
  isDigit(code) || (code >= 0x41 && code <= 0x46) || (code >= 0x61 && code <= 0x66);
const isSpace = (code: number): boolean => code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;

/**
 * The first place where `text` is not JSON (RFC 8259, as `JSON.parse` reads it), or undefined when it is.
 * `JSON.parse`'s own messages give a position for some mistakes only, differ between Node versions and
 * quote the text around the problem; this scans the text itself. A byte order mark at the start is a
 * mistake here, as for `JSON.parse`: a reader of files strips it first. Internal (the package exports the
 * words, {@link describeJsonError}); exported from this module for its tests.
 */
export function jsonErrorPosition(text: string): JsonErrorPosition | undefined {
  const found = findJsonError(text);
  if (found === undefined) return undefined;
  let line = 1;
  let lineStart = 0;
  for (let index = 0; index < found.offset; index++) {
    const code = text.charCodeAt(index);
    if (code === 0x0a || (code === 0x0d && text.charCodeAt(index + 1) !== 0x0a)) {
      line++;
      lineStart = index + 1;
    }
  }
  return { line, column: found.offset - lineStart + 1, offset: found.offset, reason: found.reason };
}

/** Options of {@link describeJsonError}. */
export interface DescribeJsonErrorOptions {
  /** The format named: "JSON" (the default) or "JSON Lines". */
  readonly format?: string | undefined;
  /** The line number of the text's first line: a JSON Lines reader passes the line's own number. */
  readonly firstLine?: number | undefined;
}

/**
 * "not valid JSON at line 3, column 7: a trailing comma" for a text `JSON.parse` rejected, or "not valid
 * JSON" when the scan finds no fault (it always does for a text JSON.parse rejects). Callers put the
 * file's name in front: `the script run.json: not valid JSON at line 1, column 10: expected true`.
 */
export function describeJsonError(text: string, options: DescribeJsonErrorOptions = {}): string {
  const format = options.format ?? "JSON";
  const position = jsonErrorPosition(text);
  if (position === undefined) return `not valid ${format}`;
  const line = position.line + (options.firstLine ?? 1) - 1;
  return `not valid ${format} at line ${line}, column ${position.column}: ${position.reason}`;
}

/** What {@link parseJsonText} found: the value, or the problem in the words of {@link describeJsonError}. */
export type JsonTextResult =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly problem: string };

/**
 * `JSON.parse` for a text a program was given: a byte order mark at the start (editors add one) is read past,
 * and a text that is not JSON gives `{ ok: false, problem }`, where the problem is "not valid JSON at line 3,
 * column 7: a trailing comma" (never `JSON.parse`'s message, which quotes the text). Callers put the file's
 * name in front: `the script run.json: not valid JSON at line 1, column 10: expected true`.
 */
export function parseJsonText(text: string): JsonTextResult {
  const json = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return { ok: true, value: JSON.parse(json) };
  } catch {
    return { ok: false, problem: describeJsonError(json) };
  }
}

const READ_ERRORS: Readonly<Record<string, string>> = {
  ENOENT: "no such file",
  EACCES: "permission denied",
  EPERM: "permission denied",
  EISDIR: "it is a directory",
  ENOTDIR: "a part of the path is not a directory",
  ELOOP: "too many symbolic links",
  ENAMETOOLONG: "the name is too long",
  EMFILE: "too many open files",
};

/**
 * "not readable: no such file (ENOENT)" for an error of reading a file (`fs.readFile` and friends): the
 * reason in words, then the system's code. Callers put the file's name in front.
 */
export function describeReadError(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string" && code !== "")
    return `not readable: ${READ_ERRORS[code] ?? "unreadable"} (${code})`;
  return `not readable: ${error instanceof Error ? error.message : String(error)}`;
}

/** The scan: an explicit stack instead of recursion, so no nesting depth overflows it. */
function findJsonError(text: string): Found | undefined {
  const length = text.length;
  if (text.charCodeAt(0) === 0xfeff)
    return { offset: 0, reason: "a byte order mark (U+FEFF) before the JSON" };
  const containers: ("array" | "object")[] = [];
  let index = 0;
  const skipSpace = () => {
    while (index < length && isSpace(text.charCodeAt(index))) index++;
  };
  /** After `{` or `,` in an object: a property name, then a colon. */
  const readKey = (afterComma: boolean): Found | undefined => {
    skipSpace();
    if (index >= length) return { offset: length, reason: "it ends before the object is closed" };
    const code = text.charCodeAt(index);
    if (afterComma && code === 0x7d) return { offset: index, reason: "a trailing comma" };
    if (code === 0x27)
      return { offset: index, reason: "a property name in single quotes (JSON needs double quotes)" };
    if (code !== 0x22) return { offset: index, reason: "expected a property name in double quotes" };
    const string = readString();
    if (string !== undefined) return string;
    skipSpace();
    if (index >= length) return { offset: length, reason: "it ends before the object is closed" };
    if (text.charCodeAt(index) !== 0x3a)
      return { offset: index, reason: "expected ':' after the property name" };
    index++;
    return undefined;
  };
  /** At `"`: the string, escapes checked; index ends after the closing quote. */
  const readString = (): Found | undefined => {
    index++;
    for (;;) {
      if (index >= length) return { offset: length, reason: "it ends inside a string" };
      const code = text.charCodeAt(index);
      if (code === 0x22) {
        index++;
        return undefined;
      }
      if (code < 0x20)
        return {
          offset: index,
          reason: "a control character in a string (a line break or tab must be written \\n or \\t)",
        };
      if (code !== 0x5c) {
        index++;
        continue;
      }
      if (index + 1 >= length) return { offset: length, reason: "it ends inside a string" };
      if (text.charCodeAt(index + 1) === 0x75) {
        for (let digit = index + 2; digit < index + 6; digit++) {
          if (digit >= length) return { offset: length, reason: "it ends inside a string" };
          if (!isHex(text.charCodeAt(digit)))
            return { offset: digit, reason: "a \\u escape needs four hexadecimal digits" };
        }
        index += 6;
      } else if ('"\\/bfnrt'.includes(text.charAt(index + 1))) {
        index += 2;
      } else {
        return {
          offset: index + 1,
          reason: 'an escape JSON does not have (only \\" \\\\ \\/ \\b \\f \\n \\r \\t \\u)',
        };
      }
    }
  };
  /** At `-` or a digit: the number; index ends after it. */
  const readNumber = (): Found | undefined => {
    if (text.charCodeAt(index) === 0x2d) {
      index++;
      if (!isDigit(text.charCodeAt(index))) return { offset: index, reason: "a '-' without digits after it" };
    }
    if (text.charCodeAt(index) === 0x30) {
      index++;
      if (isDigit(text.charCodeAt(index))) return { offset: index, reason: "a number with a leading zero" };
    } else {
      while (isDigit(text.charCodeAt(index))) index++;
    }
    if (text.charCodeAt(index) === 0x2e) {
      index++;
      if (!isDigit(text.charCodeAt(index))) return { offset: index, reason: "a '.' without digits after it" };
      while (isDigit(text.charCodeAt(index))) index++;
    }
    const exponent = text.charCodeAt(index);
    if (exponent === 0x65 || exponent === 0x45) {
      index++;
      const sign = text.charCodeAt(index);
      if (sign === 0x2b || sign === 0x2d) index++;
      if (!isDigit(text.charCodeAt(index))) return { offset: index, reason: "an exponent without digits" };
      while (isDigit(text.charCodeAt(index))) index++;
    }
    return undefined;
  };
  /** Steps past an opening bracket and the space after it; true, and past `close` too, when the container is empty. */
  const openedEmpty = (close: number): boolean => {
    index++;
    skipSpace();
    if (text.charCodeAt(index) !== close) return false;
    index++;
    return true;
  };
  /** A value at index; containers opened are pushed. Returns "open" when a non-empty container began. */
  const readValue = (): Found | "open" | undefined => {
    skipSpace();
    if (index >= length) {
      if (containers.length === 0) return { offset: length, reason: "it is empty" };
      return { offset: length, reason: "it ends where a value should be" };
    }
    const code = text.charCodeAt(index);
    if (code === 0x7b) {
      if (openedEmpty(0x7d)) return undefined;
      containers.push("object");
      return readKey(false) ?? "open";
    }
    if (code === 0x5b) {
      if (openedEmpty(0x5d)) return undefined;
      containers.push("array");
      return "open";
    }
    if (code === 0x22) return readString();
    if (code === 0x2d || isDigit(code)) return readNumber();
    const word = code === 0x74 ? "true" : code === 0x66 ? "false" : code === 0x6e ? "null" : undefined;
    if (word !== undefined) {
      for (const expected of word) {
        if (index >= length || text.charAt(index) !== expected)
          return { offset: index, reason: `expected ${word}` };
        index++;
      }
      return undefined;
    }
    if (code === 0x27)
      return { offset: index, reason: "a string in single quotes (JSON needs double quotes)" };
    return { offset: index, reason: VALUE };
  };

  for (;;) {
    const value = readValue();
    if (value !== undefined && value !== "open") return value;
    if (value === "open") continue;
    // After a complete value: close containers, or a comma and the next element.
    for (;;) {
      skipSpace();
      const container = containers.at(-1);
      if (container === undefined) {
        return index < length ? { offset: index, reason: "more text after the JSON value" } : undefined;
      }
      const close = container === "array" ? 0x5d : 0x7d;
      if (index >= length) return { offset: length, reason: `it ends before the ${container} is closed` };
      const code = text.charCodeAt(index);
      if (code === close) {
        containers.pop();
        index++;
        continue;
      }
      if (code !== 0x2c) {
        return {
          offset: index,
          reason:
            container === "array"
              ? "expected ',' or ']' after an array element"
              : "expected ',' or '}' after a property's value",
        };
      }
      index++;
      if (container === "object") {
        const key = readKey(true);
        if (key !== undefined) return key;
      } else {
        skipSpace();
        if (text.charCodeAt(index) === 0x5d) return { offset: index, reason: "a trailing comma" };
      }
      break;
    }
  }
}
