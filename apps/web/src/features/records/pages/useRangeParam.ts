import { useSearchParams } from 'react-router';
import type { TimeRange } from '../api/records';
import { parseRange } from '../components/RangeTabs';

/** The chosen time range lives in the address (`range`), so reload and back keep the tab. */
export function useRangeParam(): [TimeRange, (r: TimeRange) => void] {
  const [search, setSearch] = useSearchParams();
  const range = parseRange(search.get('range'));
  return [
    range,
    (r) => {
      const next = new URLSearchParams(search);
      next.set('range', String(r));
      setSearch(next, { replace: true });
    },
  ];
}
