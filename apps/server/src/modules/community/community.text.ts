/*
 * Player text is kept as text. Nothing is stripped for looking like HTML: "<script>" written in a post is
 * stored and answered exactly as written, and every client renders it as text (React escapes it), so it can
 * never become markup. What is removed is what would let text lie about itself: the bidirectional controls
 * that reorder what a reader sees (a link that reads backwards), and surrounding blank space.
 */

// U+202A–U+202E (embeddings, overrides) and U+2066–U+2069 (isolates).
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;
// More than two blank lines in a row only pushes other posts off the screen.
const BLANK_RUNS = /\n{3,}/g;

/** The text as stored: line endings unified, bidi controls removed, blank runs shortened, trimmed. */
export function cleanText(value: string): string {
  return value.replace(/\r\n?/g, '\n').replace(BIDI_CONTROLS, '').replace(BLANK_RUNS, '\n\n').trim();
}

/** Length as a reader counts it: one per character, an emoji or a CJK character alike (code points). */
export const charCount = (value: string): number => [...value].length;

/** A username as other players see it: the first and last two characters, the rest hidden. */
export function maskName(username: string): string {
  const chars = [...username];
  if (chars.length <= 4) return `${chars[0] ?? ''}***`;
  return `${chars.slice(0, 2).join('')}***${chars.slice(-2).join('')}`;
}

/** The first `max` characters of a text on one line, for notifications and console lists. */
export function excerpt(value: string, max = 40): string {
  const flat = value.replace(/\s+/g, ' ');
  const chars = [...flat];
  return chars.length <= max ? flat : `${chars.slice(0, max).join('')}…`;
}
