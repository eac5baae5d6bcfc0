import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";

/** zxcvbn's scale is 0-4; 3 is "safely unguessable: moderate protection from offline attacks". */
export const MIN_PASSWORD_SCORE = 3;

// Why a password is weak, in words (zxcvbn's warning keys; its English pack is not loaded).
const WHY: Record<string, string> = {
  straightRow: "rows of keys are easy to guess",
  keyPattern: "keyboard patterns are easy to guess",
  simpleRepeat: "repeated characters are easy to guess",
  extendedRepeat: "repeated groups of characters are easy to guess",
  sequences: "sequences like abc or 6543 are easy to guess",
  recentYears: "recent years are easy to guess",
  dates: "dates are easy to guess",
  topTen: "it is one of the most used passwords",
  topHundred: "it is one of the most used passwords",
  common: "it is a commonly used password",
  pwned: "it has appeared in data breaches",
  similarToCommon: "it is close to a commonly used password",
  wordByItself: "a single word is easy to guess",
  namesByThemselves: "names are easy to guess",
  commonNames: "common names are easy to guess",
  userInputs: "it contains your e-mail, your store's name or Atelier",
};

let estimator: ZxcvbnFactory | undefined;

/**
 * Why the password is too easy to guess (a reason for the field), or null when it is strong enough.
 * The dictionaries ship in the package (offline); they load on first use.
 */
export function weakPasswordReason(password: string, userInputs: string[]): string | null {
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  const result = estimator.check(password, ["atelier", ...userInputs.flatMap((s) => [s, ...s.split(/[@.\s_-]+/)]).filter((s) => s.length >= 3)]);
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  const why = (result.feedback.warning && WHY[result.feedback.warning]) || "it would be quick to guess";
  return `is too easy to guess (${why}). Try three or four unrelated words together`;
}
