// LIKE and ILIKE patterns from what a user typed. Postgres's default escape character is '\', so a
// search for '50%' or 'a_b' finds those characters, not every value.

/** `text` with LIKE's wildcards (% and _) and its escape character (\) taken literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A LIKE pattern that matches `text` anywhere in a value, its wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}
