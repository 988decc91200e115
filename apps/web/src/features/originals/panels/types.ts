import type { BetResult } from '../api/originals';
import type { HistoryEntry } from '../verifyRound';

/** What the page gives each game's panel: the last round to show and where a settled round goes. */
export type PanelProps = {
  last: HistoryEntry | null;
  onSettled: (result: BetResult, params: Record<string, unknown>) => void;
};
