/**
 * The words for the codes of a status column. The database stores small integers; the wire and the console's
 * list filters use words. One table per column gives both directions, so a new state is added in one place:
 *
 * - `name(code)` is a row's status on the wire;
 * - `codes(filter)` are the codes a list filter asks for: a state's word picks that state, a group (such as
 *   `open`) picks its states, and '' or 'all' (or any word the table does not know) picks every state, which
 *   is the empty list (no condition).
 */
export function stateNames<const N extends string>(
  names: Record<number, N>,
  groups: Record<string, readonly number[]> = {},
) {
  const byWord = new Map<string, readonly number[]>([
    ...Object.entries(names).map(([code, word]): [string, number[]] => [word, [Number(code)]]),
    ...Object.entries(groups),
  ]);
  return {
    name: (code: number): N => names[code]!,
    codes: (filter: string): number[] => [...(byWord.get(filter) ?? [])],
  };
}
