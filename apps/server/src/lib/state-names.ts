/**
 * The words for the codes of a status column. The database stores small integers; the wire and the console's
 * list filters use words. The words are the status constant's own keys in lower case (`AWAITING_APPROVAL: 2`
 * is `awaiting_approval`), so a new state is added in one place, the constant, and both directions follow:
 *
 * - `name(code)` is a row's status on the wire;
 * - `codes(filter)` are the codes a list filter asks for: a state's word picks that state, a group (such as
 *   `open`) picks its states, and '' or 'all' (or any word the table does not know) picks every state, which
 *   is the empty list (no condition).
 */
export function stateNames<const S extends Record<string, number>>(
  states: S,
  groups: Record<string, readonly number[]> = {},
) {
  type Word = Lowercase<Extract<keyof S, string>>;
  const names = new Map(Object.entries(states).map(([key, code]) => [code, key.toLowerCase() as Word]));
  const byWord = new Map<string, readonly number[]>([
    ...[...names].map(([code, word]): [string, number[]] => [word, [code]]),
    ...Object.entries(groups),
  ]);
  return {
    name: (code: number): Word => names.get(code)!,
    codes: (filter: string): number[] => [...(byWord.get(filter) ?? [])],
  };
}
