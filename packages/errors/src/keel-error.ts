/** Options passed through to `Error` (the `cause` keeps the original error for logs). */
export interface KeelErrorOptions {
  readonly cause?: unknown | undefined;
}

/** A class in a KeelError hierarchy, as the markers see it: a constructor that may declare an errorName. */
type ErrorClass = abstract new (...args: never[]) => unknown;

/** Markers per class: its own first, then each parent's up to KeelError's (computed once per class). */
const markerChains = new WeakMap<ErrorClass, readonly symbol[]>();
/** The bound `isInstance` of each class, so `X.isInstance === X.isInstance`. */
const instanceChecks = new WeakMap<ErrorClass, (value: unknown) => boolean>();

/**
 * `Symbol.for("keel.error.<errorName>")` of the class and of each parent. A class that does not declare its
 * own `errorName` would pass for its parent (and its siblings), so it is refused instead.
 */
function markersOf(errorClass: ErrorClass): readonly symbol[] {
  let markers = markerChains.get(errorClass);
  if (markers !== undefined) return markers;
  const ownName: unknown = Object.hasOwn(errorClass, "errorName")
    ? (errorClass as unknown as { errorName: unknown }).errorName
    : undefined;
  if (typeof ownName !== "string" || ownName === "") {
    throw new KeelConfigError(
      "UNNAMED_ERROR_CLASS",
      `${errorClass.name || "An error class"} extends KeelError without declaring its own name: add ` +
        `\`static override readonly errorName = "${errorClass.name || "MyError"}";\` to the class.`,
    );
  }
  const parent = Object.getPrototypeOf(errorClass) as ErrorClass;
  const own = Symbol.for(`keel.error.${ownName}`);
  markers = errorClass === KeelError ? [own] : [own, ...markersOf(parent)];
  markerChains.set(errorClass, markers);
  return markers;
}

/**
 * Base class of every error Keel throws, with a switchable `code`, and the one way to declare another:
 * extend it (or a subclass) and declare `static override readonly errorName = "<ClassName>"`. The name
 * becomes every instance's `name` and its marker `Symbol.for("keel.error.<errorName>")`, so `isInstance`
 * works across duplicated installs, accepts subclasses, and never a sibling.
 */
export class KeelError<Code extends string = string> extends Error {
  /**
   * The class's declared name. A literal, not `constructor.name`: a minifier renames classes, and two
   * renamed to the same letter would accept each other's instances. Each subclass declares its own;
   * a class that is itself extended types it `string` (`static override readonly errorName: string = "…"`).
   */
  static readonly errorName: string = "KeelError";

  /**
   * True for an instance of this class or of a subclass, from any copy of the package that declared it:
   * use it rather than `instanceof`. It stays bound to its class, so `errors.filter(ToolError.isInstance)`
   * works too.
   */
  declare static readonly isInstance: <T>(
    this: abstract new (
      ...args: never[]
    ) => T,
    value: unknown,
  ) => value is T;

  static {
    // A getter rather than a method: `this` is the class it was read from, even when called detached.
    Object.defineProperty(KeelError, "isInstance", {
      get(this: ErrorClass) {
        let check = instanceChecks.get(this);
        if (check === undefined) {
          const [marker] = markersOf(this);
          check = (value) =>
            typeof value === "object" &&
            value !== null &&
            (value as Record<symbol, unknown>)[marker as symbol] === true;
          instanceChecks.set(this, check);
        }
        return check;
      },
    });
  }

  readonly code: Code;

  constructor(code: Code, message: string, options: KeelErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    const errorClass = new.target as unknown as ErrorClass & { readonly errorName: string };
    const markers = markersOf(errorClass);
    this.name = errorClass.errorName;
    this.code = code;
    for (const marker of markers) Object.defineProperty(this, marker, { value: true });
  }
}

/**
 * A programmer error: bad options or builder input (e.g. a code that is not SCREAMING_SNAKE).
 * Thrown at definition time, never at the model boundary, where outcomes are returned instead.
 */
export class KeelConfigError<Code extends string = string> extends KeelError<Code> {
  static override readonly errorName: string = "KeelConfigError";
}
