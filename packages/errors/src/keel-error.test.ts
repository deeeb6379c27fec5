import { describe, expect, it } from "vitest";
import { businessError } from "./builders.js";
import { KeelConfigError, KeelError } from "./keel-error.js";
import { ToolError } from "./tool-error.js";

class FirstConfigError extends KeelConfigError<"FIRST"> {
  static override readonly errorName: string = "FirstConfigError";
}
class SecondConfigError extends KeelConfigError<"SECOND"> {
  static override readonly errorName = "SecondConfigError";
}
class NestedConfigError extends FirstConfigError {
  static override readonly errorName = "NestedConfigError";
}

/** Each class with a way to make one of its instances: the table every pair of classes is checked over. */
const classes = [
  [KeelError, () => new KeelError("X", "x")],
  [KeelConfigError, () => new KeelConfigError("X", "x")],
  [ToolError, () => new ToolError(businessError("ALREADY_REFUNDED", "Refunded already."))],
  [FirstConfigError, () => new FirstConfigError("FIRST", "x")],
  [SecondConfigError, () => new SecondConfigError("SECOND", "x")],
  [NestedConfigError, () => new NestedConfigError("FIRST", "x")],
] as const;

describe("error classes", () => {
  it("gives a KeelConfigError a code and recognises it as a KeelError", () => {
    const error = new KeelConfigError("BAD_OPTION", "timeoutMs must be positive.");
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe("BAD_OPTION");
    expect(error.name).toBe("KeelConfigError");
    expect(KeelError.isInstance(error)).toBe(true);
    expect(KeelConfigError.isInstance(error)).toBe(true);
  });

  it("does not mistake a plain KeelError or Error for a config error", () => {
    expect(KeelConfigError.isInstance(new KeelError("X", "x"))).toBe(false);
    expect(KeelError.isInstance(new Error("x"))).toBe(false);
    expect(KeelError.isInstance(null)).toBe(false);
  });

  /** Every ordered pair: A.isInstance(new B(...)) holds exactly when B is A or extends it. */
  const pairs = classes.flatMap(([checker]) =>
    classes.map(([made, make]) => {
      const accepted = made === checker || made.prototype instanceof checker;
      return [checker.errorName, made.errorName, accepted, checker, make] as const;
    }),
  );

  it.each(pairs)("%s.isInstance(new %s(...)) is %s", (_checker, _made, accepted, checker, make) => {
    expect(checker.isInstance(make())).toBe(accepted);
  });

  it("names every instance after its class's declared errorName", () => {
    expect(classes.map(([, make]) => make().name)).toEqual(
      classes.map(([errorClass]) => errorClass.errorName),
    );
  });

  it("recognises errors from a duplicated install through the Symbol.for marker of the declared name", () => {
    const foreign = Object.assign(new Error("x"), { code: "X" });
    Object.defineProperty(foreign, Symbol.for("keel.error.KeelError"), { value: true });
    Object.defineProperty(foreign, Symbol.for("keel.error.KeelConfigError"), { value: true });
    expect(KeelConfigError.isInstance(foreign)).toBe(true);
    expect(ToolError.isInstance(foreign)).toBe(false);
  });

  it("treats two copies of a class with the same declared name as one class", () => {
    const copy = class FirstConfigError extends KeelConfigError<"FIRST"> {
      static override readonly errorName = "FirstConfigError";
    };
    expect(copy.isInstance(new FirstConfigError("FIRST", "x"))).toBe(true);
    expect(FirstConfigError.isInstance(new copy("FIRST", "x"))).toBe(true);
    expect(SecondConfigError.isInstance(new copy("FIRST", "x"))).toBe(false);
  });

  it("refuses a subclass that does not declare its own errorName instead of letting it pass for its parent", () => {
    class Unnamed extends FirstConfigError {}
    const refusal = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        return KeelConfigError.isInstance(error) ? `${error.code}: ${error.message}` : "other";
      }
      return "nothing thrown";
    };
    expect(refusal(() => new Unnamed("FIRST", "x"))).toMatch(
      /^UNNAMED_ERROR_CLASS: Unnamed extends KeelError/,
    );
    expect(refusal(() => Unnamed.isInstance(new FirstConfigError("FIRST", "x")))).toMatch(
      /static override readonly errorName = "Unnamed"/,
    );
  });

  it("keeps isInstance bound to its class when passed on detached", () => {
    const errors = classes.map(([, make]) => make());
    expect(errors.filter(FirstConfigError.isInstance).map((error) => error.name)).toEqual([
      "FirstConfigError",
      "NestedConfigError",
    ]);
    expect(ToolError.isInstance).toBe(ToolError.isInstance);
  });

  it("keeps the cause of a KeelError", () => {
    const cause = new Error("root");
    expect(new KeelError("X", "x", { cause }).cause).toBe(cause);
  });

  it("carries an outcome in a ToolError, with the outcome's code", () => {
    const outcome = businessError("ALREADY_REFUNDED", "Order ORD-1 was refunded already.");
    const error = new ToolError(outcome);
    expect(error.outcome).toBe(outcome);
    expect(error.code).toBe("ALREADY_REFUNDED");
    expect(error.name).toBe("ToolError");
    expect(ToolError.isInstance(error)).toBe(true);
    expect(KeelError.isInstance(error)).toBe(true);
  });

  it("builds a ToolError from toolError input with the category's defaults", () => {
    const error = new ToolError({ category: "transient", code: "UPSTREAM_TIMEOUT", message: "Timed out." });
    expect(error.outcome).toMatchObject({ category: "transient", retryable: true });
  });

  it("throws a KeelConfigError for a ToolError with an invalid code", () => {
    expect(() => new ToolError({ category: "business", code: "bad code", message: "x" })).toThrow(
      KeelConfigError,
    );
  });
});
