/** Escapes LIKE's wildcards (and its escape character) so a user's `50%_off` is searched for as typed. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The ILIKE pattern for "contains what the user typed". */
export function containsPattern(search: string): string {
  return `%${escapeLike(search)}%`;
}
