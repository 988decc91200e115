import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { betsModule } from '.';

/**
 * The bets service for tests of modules that write rounds or read turnover (deposits, withdrawals) but
 * never show bet records: asking it for names fails loudly, and no original's proof is known instead of answering with made-up data.
 */
export function betsForTests(deps: { database: Database; clock: Clock }) {
  const unused = () => {
    throw new Error('this test built the bets service without the games and originals modules');
  };
  return betsModule({ ...deps, catalogue: { namesOf: unused, categoryNames: unused } }).service;
}
