// Acceptance sampling by attributes, ISO 2859-1 (ANSI/ASQ Z1.4): the tables every QC inspector
// uses to decide how many units of a lot to open and how many defects the lot may have.
// Table 1 gives the sample size code letter from the lot size and the inspection level; Table 2-A
// (single sampling, normal inspection) gives, for that letter and an AQL, the sample size with
// its acceptance (Ac) and rejection (Re) numbers, or an arrow to the first plan above or below.
// Table 2-A is diagonal: one letter down is one AQL column right, so a plan is found from
// d = letter index + AQL index (see the comment on PLAN_BY_DIAGONAL).

export const INSPECTION_LEVELS = ["I", "II", "III"] as const;
export type InspectionLevel = (typeof INSPECTION_LEVELS)[number];

/** The AQL columns of Table 2-A from 0.010 to 10 (percent nonconforming). */
export const AQLS = ["0.010", "0.015", "0.025", "0.040", "0.065", "0.10", "0.15", "0.25", "0.40", "0.65", "1.0", "1.5", "2.5", "4.0", "6.5", "10"] as const;
export type Aql = (typeof AQLS)[number];

export const CODE_LETTERS = ["A", "B", "C", "D", "E", "F", "G", "H", "J", "K", "L", "M", "N", "P", "Q", "R"] as const;
export type CodeLetter = (typeof CODE_LETTERS)[number];
export const SAMPLE_SIZES: Record<CodeLetter, number> = { A: 2, B: 3, C: 5, D: 8, E: 13, F: 20, G: 32, H: 50, J: 80, K: 125, L: 200, M: 315, N: 500, P: 800, Q: 1250, R: 2000 };

/** Table 1: the largest lot of each row and its letters at general inspection levels I, II, III. */
const LOT_ROWS: [number, CodeLetter, CodeLetter, CodeLetter][] = [
  [8, "A", "A", "B"], [15, "A", "B", "C"], [25, "B", "C", "D"], [50, "C", "D", "E"], [90, "C", "E", "F"], [150, "D", "F", "G"], [280, "E", "G", "H"],
  [500, "F", "H", "J"], [1200, "G", "J", "K"], [3200, "H", "K", "L"], [10_000, "J", "L", "M"], [35_000, "K", "M", "N"], [150_000, "L", "N", "P"],
  [500_000, "M", "P", "Q"], [Number.POSITIVE_INFINITY, "N", "Q", "R"],
];

export const MIN_LOT = 2;
export const MAX_LOT = 10_000_000;

export function codeLetterFor(lotSize: number, level: InspectionLevel): CodeLetter {
  const row = LOT_ROWS.find(([max]) => lotSize <= max)!;
  return row[INSPECTION_LEVELS.indexOf(level) + 1] as CodeLetter;
}

/**
 * Table 2-A along its diagonals d = letter index + AQL index: d = 14 is Ac 0 / Re 1; d = 15 is an
 * up arrow (the plan one letter above), d = 16 a down arrow (one letter below), d = 17 to 24 are
 * the plans 1/2 … 21/22; left of 14 the arrows point down to the 0/1 plan, right of 24 up to 21/22.
 */
const PLAN_BY_DIAGONAL: Record<number, [number, number]> = { 14: [0, 1], 17: [1, 2], 18: [2, 3], 19: [3, 4], 20: [5, 6], 21: [7, 8], 22: [10, 11], 23: [14, 15], 24: [21, 22] };

export type SamplingPlan = { codeLetter: CodeLetter; sampleSize: number; accept: number; reject: number; /** The letter the arrows led to, when not the lot's own. */ planLetter: CodeLetter };

/** The single sampling plan (normal inspection) for a lot: follows Table 2-A's arrows as the standard says. */
export function samplingPlan(lotSize: number, level: InspectionLevel, aql: Aql): SamplingPlan {
  const codeLetter = codeLetterFor(lotSize, level);
  const a = AQLS.indexOf(aql);
  let l = CODE_LETTERS.indexOf(codeLetter);
  for (;;) {
    const d = l + a;
    const plan = PLAN_BY_DIAGONAL[d];
    if (plan) {
      const planLetter = CODE_LETTERS[l]!;
      // A sample larger than the lot means every unit is inspected (ISO 2859-1 §10.1.1).
      return { codeLetter, planLetter, sampleSize: Math.min(SAMPLE_SIZES[planLetter], lotSize), accept: plan[0], reject: plan[1] };
    }
    if (d < 14 || d === 16 || (d === 15 && l === 0)) l += 1;
    else l -= 1;
  }
}

export type Verdict = "PASS" | "FAIL";

/** A lot passes a class of defects when the defects found are at most the acceptance number. */
export function verdictOf(plan: Pick<SamplingPlan, "accept">, defectsFound: number): Verdict {
  return defectsFound <= plan.accept ? "PASS" : "FAIL";
}
