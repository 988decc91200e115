import { useSearchParam } from '../../../lib/useSearchParam';
import { parseRange } from '../components/RangeTabs';

/** The chosen time range lives in the address (`range`), so reload and back keep the tab. */
export const useRangeParam = () => useSearchParam('range', parseRange);
