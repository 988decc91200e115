import { useSearchParams } from 'react-router';

/**
 * One value a screen keeps in the address (so a reload, back or a shared link keeps it), read through `parse`.
 * Setting it keeps the other parameters and replaces the history entry, so back leaves the screen.
 */
export function useSearchParam<T extends string | number>(
  name: string,
  parse: (raw: string | null) => T,
): [T, (next: T) => void] {
  const [search, setSearch] = useSearchParams();
  return [
    parse(search.get(name)),
    (next) => {
      const params = new URLSearchParams(search);
      params.set(name, String(next));
      setSearch(params, { replace: true });
    },
  ];
}
