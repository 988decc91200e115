import { randomUUID } from 'node:crypto';
import { toMicro } from '@koi/ledger';
import type { TestApp } from '../../../test/app';
import { createPlayerDirectory } from '../auth';
import { betsForTests } from '../bets/bets.fixtures';
import { createWalletService } from '../wallet/wallet.service';
import { createAgentsService } from './agents.service';

/** The agents service over the test app's database and clock, built as the command line builds it. */
export const agentsForTests = (t: TestApp) =>
  createAgentsService({
    db: t.database.db,
    clock: t.clock,
    wallet: createWalletService({ db: t.database.db, clock: t.clock }),
    bets: betsForTests({ database: t.database, clock: t.clock }),
    directory: createPlayerDirectory(t.database.db),
    inviterOf: (playerId, tx) => createPlayerDirectory(tx).inviterOf(playerId),
    botStartLink: () => null,
  });

/** A settled slots round (category 5) of `usdt` for the player at `at`: a valid bet in the feed. */
export async function slotsRound(t: TestApp, playerId: number, usdt: string, at: Date) {
  await betsForTests({ database: t.database, clock: t.clock }).recordSettledRound(t.database.db, {
    providerId: 1,
    roundId: randomUUID(),
    playerId,
    gameCode: 'slots-demo',
    gameTypeId: 5,
    stakeMicro: toMicro(usdt),
    payoutMicro: 0n,
    openedAt: at,
    settledAt: at,
  });
}
