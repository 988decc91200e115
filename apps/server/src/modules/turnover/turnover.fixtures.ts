import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { betsForTests } from '../bets/bets.fixtures';
import { createTurnoverService } from './turnover.service';

/** The turnover service on a test database, with deposits at 1× and bonuses at 10× (the defaults). */
export function turnoverForTests(database: Database, clock: Clock) {
  return createTurnoverService({
    db: database.db,
    clock,
    records: betsForTests({ database, clock }),
    multiples: { depositMultipleCentis: 100, bonusMultipleCentis: 1000 },
  });
}
