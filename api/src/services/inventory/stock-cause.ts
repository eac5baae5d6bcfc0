/** Why units came in, in words for the order ledger ("stock counted in on RCV-1004"), and who brought them (null: a job). */
export type StockCause = { words: string; userId: string | null };

/** The cause as the start of a ledger sentence ("Stock counted in on RCV-1004"). */
export function causeSentence(cause: StockCause): string {
  return cause.words.charAt(0).toUpperCase() + cause.words.slice(1);
}
