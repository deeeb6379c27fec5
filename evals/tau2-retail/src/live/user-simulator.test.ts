import { describe, expect, it } from "vitest";
import { taskById } from "../gold/tasks.js";
import { renderUserScenario, userEnding, userSimulatorPrompt } from "./user-simulator.js";

describe("the user simulator's prompt", () => {
  it("renders the task's user_scenario as τ²'s str(UserScenario) does", () => {
    expect(renderUserScenario(taskById("0"))).toBe(
      [
        "Instructions:",
        "\tDomain: retail",
        "\tReason for call:",
        "\t\tYou received your order #W2378156 and wish to exchange the mechanical keyboard for the same one but with clicky switches and the smart thermostat for one compatible with Google Home instead of Apple HomeKit. If there is no keyboard that is clicky, RGB backlight, full size, you'd go for no backlight.",
        "\tKnown info:",
        "\t\tYou are Yusuf Rossi in zip code 19122.",
        "\tUnknown info:",
        "\t\tYou do not remember your email address.",
        "\tTask instructions:",
        "\t\tYou are detail-oriented and want to make sure everything is addressed in one go.",
      ].join("\n"),
    );
  });

  it("holds the guidelines, the three ending markers and the scenario", () => {
    const prompt = userSimulatorPrompt(taskById("0"));
    for (const marker of ["###STOP###", "###TRANSFER###", "###OUT-OF-SCOPE###"])
      expect(prompt).toContain(marker);
    expect(prompt).toMatch(/<scenario>\nInstructions:\n\tDomain: retail\n[\s\S]*\n<\/scenario>$/);
  });
});

describe("userEnding", () => {
  it("finds a marker anywhere in the message, as τ² does", () => {
    expect(userEnding("Thanks, that's all! ###STOP###")).toBe("user_stop");
    expect(userEnding("###TRANSFER###")).toBe("user_transfer");
    expect(userEnding("I don't know that. ###OUT-OF-SCOPE###")).toBe("user_out_of_scope");
    expect(userEnding("Please stop charging me twice.")).toBeUndefined();
  });
});
