import { hello } from "@keel/errors";
export const greet = (): string => hello("tools");
