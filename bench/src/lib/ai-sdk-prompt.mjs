/**
 * The AI SDK's prompt options for a system prompt and a user prompt: as they come (`system`, `prompt`), or
 * with the caching @ai-sdk/anthropic documents for a system prompt — a system message with
 * `providerOptions.anthropic.cacheControl` (the message is ours, not user input, so `allowSystemInMessages`).
 * @param {string} system
 * @param {string} prompt
 * @param {boolean} cached
 */
export function aiSdkPrompt(system, prompt, cached) {
  if (!cached) return { system, prompt };
  return {
    messages: [
      {
        role: "system",
        content: system,
        providerOptions: { anthropic: { cacheControl: { type: "ephemeral" } } },
      },
      { role: "user", content: prompt },
    ],
    allowSystemInMessages: true,
  };
}
