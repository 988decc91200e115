import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { TransferCode, toMicro } from '@koi/ledger';
import { WalletStatus } from '@koi/provider-protocol';
import type { Round } from '../../../../sandbox/src/providers';
import { body } from '../../../test/app';
import { launchGame, signedProviderCalls, useKoiWithProviderSim } from '../../../test/sim';
import { queryRows } from '../../db/client';
import { validBetFeedDrift } from '../bets/bets.fixtures';
import { fullMatch, promotionsHarness } from './promotions.fixtures';

const SIM_PROVIDER_ID = 14;
const KY_PROVIDER_ID = 12;

describe('bonus terms on provider games: the max bet on every bet path, the max convertible win at clearing', () => {
  const { t, sim, koi } = useKoiWithProviderSim();
  const h = promotionsHarness(() => t);

  /** A player who deposited `deposit` and claimed a first-deposit bonus of `bonus` (100 %) with these terms. */
  async function bonusPlayer(deposit: string, bonus: string, terms: Record<string, unknown>) {
    const promo = await h.promotion(1, fullMatch(bonus, terms));
    const p = await h.player({ deposit });
    expect((await h.claim(p.auth, promo.id)).code).toBe(200);
    return { ...p, promotionId: promo.id };
  }

  const play = (sessionId: string, amount: string) =>
    sim.control('/control/providers/play', {
      method: 'POST',
      body: { session_id: sessionId, amount },
    }) as Promise<Round>;
  const lastStatus = (round: Round) => {
    const answer = round.answers[round.answers.length - 1]!.answer;
    return 'status' in answer ? answer.status : answer.error;
  };

  const { session, call: signed, base } = signedProviderCalls(t, sim, koi, SIM_PROVIDER_ID);
  const betCall = (token: string, user: string, amountMicro: bigint) => ({
    ...base(token, user),
    transaction_uuid: randomUUID(),
    amount: Number(amountMicro),
  });
  /** A win closing the round of `bet`, paying `amountMicro`. */
  const winCall = (bet: ReturnType<typeof betCall>, amountMicro: bigint) => ({
    ...bet,
    request_uuid: randomUUID(),
    transaction_uuid: randomUUID(),
    reference_transaction_uuid: bet.transaction_uuid,
    round_closed: true,
    amount: Number(amountMicro),
  });

  async function grantOf(playerId: number) {
    const [row] = await queryRows<{ id: string; status: number; forfeited_micro: string | null }>(
      t.database.db,
      sql`select id::text, status, forfeited_micro::text from bonus_grants where player_id = ${playerId}`,
    );
    return row!;
  }
  /** Waits for the `bet.settled` handler, which runs after the round's commit, to clear the grant. */
  async function cleared(playerId: number) {
    for (let i = 0; i < 200 && (await grantOf(playerId)).status === 1; i += 1) {
      await new Promise((r) => setTimeout(r, 25));
    }
    return grantOf(playerId);
  }
  const maxWinCuts = (grantId: string) =>
    queryRows<{ amount: string }>(
      t.database.db,
      sql`select amount_micro::text as amount from ledger_transfers
          where reference_type = 'bonus_max_win' and reference_id = ${grantId}`,
    );
  const clean = async () => {
    await h.invariantsClean();
    expect(await validBetFeedDrift(t.database.db)).toEqual([]);
  };

  it('a seamless bet above the max bet is refused (RS_ERROR_LIMIT_REACHED), at it accepted, and the cap lifts once the turnover is played through', async () => {
    // Bonus 2 at 5×: 10 USDT of turnover, max bet 5.
    const p = await bonusPlayer('100', '2', { multiple_centis: 500, max_bet: '5' });
    const sessionId = await launchGame(t, p.auth, 'sim-fruit', SIM_PROVIDER_ID);
    const refused = await play(sessionId, '5.000001');
    expect(refused.state).toBe('refused');
    expect(lastStatus(refused)).toBe(WalletStatus.LIMIT_REACHED);
    expect(await h.available(p.playerId)).toBe(toMicro('102'));
    expect((await play(sessionId, '5')).state).toBe('settled');
    expect(lastStatus(await play(sessionId, '6'))).toBe(WalletStatus.LIMIT_REACHED);
    expect((await play(sessionId, '5')).state).toBe('settled');
    expect(await h.turnover().remainingOf(p.playerId)).toBe(0n);
    expect((await play(sessionId, '6')).state).toBe('settled');
    await clean();
  });

  it('a cap whose requirement was played through but not yet cleared is lifted when a bet meets it', async () => {
    const p = await bonusPlayer('100', '2', { multiple_centis: 100, max_bet: '5' });
    const sessionId = await launchGame(t, p.auth, 'sim-fruit', SIM_PROVIDER_ID);
    expect((await play(sessionId, '2')).state).toBe('settled');
    const grant = await cleared(p.playerId);
    expect(grant.status).toBe(2);
    // As if the clearing after that round had been lost (a crash between the commit and its event): the grant
    // open again, its cap still in the wallet's SQL, though nothing is left to play.
    await t.database.db.execute(sql`update bonus_grants set status = 1 where id = ${grant.id}::bigint`);
    await t.database.db.execute(
      sql`insert into stake_caps (player_id, source, cap_micro) values (${p.playerId}, ${`grant:${grant.id}`}, 5000000)`,
    );
    // The SQL refuses the 6, the guard finds the requirement played through, clears it (cap and all), and
    // the bet goes through on its second try.
    expect((await play(sessionId, '6')).state).toBe('settled');
    expect((await grantOf(p.playerId)).status).toBe(2);
    const caps = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from stake_caps where player_id = ${p.playerId}`,
    );
    expect(caps[0]!.n).toBe(0);
    await clean();
  });

  it('a retried seamless bet taken before the bonus still gets its first answer; a new one above the cap is refused', async () => {
    const promo = await h.promotion(1, fullMatch('2', { max_bet: '5' }));
    const p = await h.player({ deposit: '100' });
    const token = await session(p.playerId);
    const bet = betCall(token, p.username, toMicro('6'));
    const first = await signed('transaction/bet', bet);
    expect(first.status).toBe(WalletStatus.OK);
    expect((await h.claim(p.auth, promo.id)).code).toBe(200);
    expect(await signed('transaction/bet', { ...bet, request_uuid: randomUUID() })).toMatchObject({
      status: WalletStatus.OK,
      balance: first.balance,
    });
    const over = await signed('transaction/bet', betCall(token, p.username, toMicro('6')));
    expect(over.status).toBe(WalletStatus.LIMIT_REACHED);
    expect((await signed('transaction/bet', betCall(token, p.username, toMicro('5')))).status).toBe(
      WalletStatus.OK,
    );
    expect(await h.available(p.playerId)).toBe(toMicro('91'));
    await clean();
  });

  it('moving a balance above the max bet into a transfer-wallet game is refused with the catalogue message; at the cap it moves', async () => {
    const p = await bonusPlayer('100', '2', { max_bet: '5' });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/game/login?game_code=ky-qznn&plat_type=${KY_PROVIDER_ID}`,
      headers: p.auth,
    });
    const refused = body(res);
    expect(refused.code).toBe(7019);
    expect(refused.error?.message).toContain('5 USDT');
    expect(refused.error?.message).toContain('102 USDT');
    expect(await h.available(p.playerId)).toBe(toMicro('102'));
    const moves = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from provider_transfers where player_id = ${p.playerId}`,
    );
    expect(moves[0]!.n).toBe(0);

    const atCap = await bonusPlayer('3', '2', { max_bet: '5' });
    await launchGame(t, atCap.auth, 'ky-qznn', KY_PROVIDER_ID);
    expect(await h.available(atCap.playerId)).toBe(0n);
    await clean();
  });

  /**
   * The player's wallet entries in the order the ledger applied them (an entry is written under its wallet's
   * row lock, so the identity column orders one wallet's entries), each a provider bet's stake or the bonus.
   */
  const walletOrder = (playerId: number) =>
    queryRows<{ kind: 'bet' | 'bonus'; stake: string }>(
      t.database.db,
      sql`select case when tr.code = ${TransferCode.BONUS} then 'bonus' else 'bet' end as kind,
                 (-e.amount_micro)::text as stake
          from ledger_entries e
          join ledger_transfers tr on tr.id = e.transfer_id
          join ledger_accounts a on a.id = e.account_id
          where a.player_id = ${playerId}
            and (tr.code = ${TransferCode.BONUS} or (tr.reference_type = 'round' and e.amount_micro < 0))
          order by e.id`,
    );
  const ROUNDS = 3;
  const RACERS = 50;

  it(`${RACERS} seamless bets above the max bet racing the grant's opening, ${ROUNDS} rounds: each is taken before the grant commits or refused after`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      // Bonus 2 at 5× with a max bet of 5; every racer stakes 6 from a deposit that covers them all.
      const promo = await h.promotion(1, fullMatch('2', { multiple_centis: 500, max_bet: '5' }));
      const p = await h.player({ deposit: '400' });
      const token = await session(p.playerId);
      const bets = Array.from({ length: RACERS }, () =>
        signed('transaction/bet', betCall(token, p.username, toMicro('6'))),
      );
      const claim = h.claim(p.auth, promo.id);
      const answers = await Promise.all(bets);
      expect((await claim).code).toBe(200);
      for (const a of answers) expect([WalletStatus.OK, WalletStatus.LIMIT_REACHED]).toContain(a.status);
      const taken = answers.filter((a) => a.status === WalletStatus.OK).length;

      const order = await walletOrder(p.playerId);
      const bonusAt = order.findIndex((e) => e.kind === 'bonus');
      expect(bonusAt).toBeGreaterThanOrEqual(0);
      // Every bet taken stands before the bonus in the wallet's order; none after it.
      expect(order.slice(bonusAt + 1)).toEqual([]);
      expect(bonusAt).toBe(taken);
      // After the race, the cap holds.
      expect((await signed('transaction/bet', betCall(token, p.username, toMicro('6')))).status).toBe(
        WalletStatus.LIMIT_REACHED,
      );
      expect(await h.available(p.playerId)).toBe(toMicro('402') - BigInt(taken) * toMicro('6'));
      await clean();
    }
  });

  it(`${RACERS} seamless bets above the max bet racing the bet that plays the grant through, ${ROUNDS} rounds: none is taken while it is open`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      // Bonus 2 at 1×: one bet of 2 plays it through, and the grant clears after that round.
      const p = await bonusPlayer('400', '2', { multiple_centis: 100, max_bet: '5' });
      const token = await session(p.playerId);
      const racers = Array.from({ length: RACERS }, () =>
        signed('transaction/bet', betCall(token, p.username, toMicro('6'))),
      );
      const through = betCall(token, p.username, toMicro('2'));
      const last = signed('transaction/bet', through).then(() =>
        signed('transaction/win', winCall(through, 0n)),
      );
      const answers = await Promise.all(racers);
      expect((await last).status).toBe(WalletStatus.OK);
      for (const a of answers) expect([WalletStatus.OK, WalletStatus.LIMIT_REACHED]).toContain(a.status);

      // The stake that played it through comes before every stake above the cap the wallet took.
      const order = (await walletOrder(p.playerId)).filter((e) => e.kind === 'bet');
      const throughAt = order.findIndex((e) => e.stake === String(toMicro('2')));
      expect(throughAt).toBeGreaterThanOrEqual(0);
      expect(order.slice(0, throughAt)).toEqual([]);
      const grant = await cleared(p.playerId);
      expect(grant.status).toBe(2);
      // Cleared, the cap is gone.
      expect((await signed('transaction/bet', betCall(token, p.username, toMicro('6')))).status).toBe(
        WalletStatus.OK,
      );
      await clean();
    }
  });

  it.each([
    { name: 'exactly max_win forfeits nothing', extra: 0n, forfeited: null, balance: toMicro('23') },
    { name: 'max_win + 1 micro forfeits 1 micro', extra: 1n, forfeited: '1', balance: toMicro('23') },
  ])(
    'a net win at clearing of $name, once, and the bonus list says why',
    async ({ extra, forfeited, balance }) => {
      // Bonus 10 at 1×: the 10 USDT bet plays it through; its round wins 3 USDT (+ extra) net.
      const p = await bonusPlayer('10', '10', { multiple_centis: 100, max_win: '3' });
      const token = await session(p.playerId);
      const bet = betCall(token, p.username, toMicro('10'));
      expect((await signed('transaction/bet', bet)).status).toBe(WalletStatus.OK);
      expect((await signed('transaction/win', winCall(bet, toMicro('13') + extra))).status).toBe(
        WalletStatus.OK,
      );
      const grant = await cleared(p.playerId);
      expect(grant).toMatchObject({ status: 2, forfeited_micro: forfeited });
      expect(await h.available(p.playerId)).toBe(balance);
      expect((await maxWinCuts(grant.id)).map((c) => c.amount)).toEqual(forfeited ? [forfeited] : []);
      const list = await h.call<{ state: string; forfeited: string | null; forfeit_reason: string | null }[]>(
        p.auth,
        'POST',
        '/api/plat/bonuses',
        {},
      );
      expect(list.result[0]).toMatchObject({
        state: 'cleared',
        forfeited: forfeited ? '0.000001' : null,
        forfeit_reason: forfeited ? 'max_win' : null,
      });
      // Clearing again (another settled round, a withdrawal) takes nothing more.
      expect(await h.service().clearCompleted(p.playerId)).toBe(0);
      expect(await h.available(p.playerId)).toBe(balance);
      await clean();
    },
  );
});
