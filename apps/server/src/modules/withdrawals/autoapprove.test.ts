import { describe, expect, it } from 'vitest';
import { toMicro } from '@koi/ledger';
import { body, useTestApp } from '../../../test/app';
import { testConfig } from '../../config';
import { signedInOperator } from '../operators/operators.fixtures';
import { trc20, withdrawalsHarness } from './withdrawals.fixtures';

/**
 * Automatic approval: below WITHDRAW_AUTO_APPROVE_BELOW, a withdrawal of a player whose
 * review shows no flag is approved by the system; anything flagged, at or above the amount, or with the
 * setting off (the default) waits for an operator. No payout rail is configured here, so an approved
 * withdrawal stays `approved` and the test sees the decision itself.
 */
const DAY_MS = 24 * 3_600_000;

function suite(name: string, autoApproveBelow: string | null) {
  describe(name, () => {
    const t = useTestApp({
      withdrawals: {
        ...testConfig().withdrawals,
        fee: { kind: 'fixed', micro: 0n },
        addressDelayMs: 0,
        ...(autoApproveBelow === null ? {} : { autoApproveBelowMicro: toMicro(autoApproveBelow) }),
      },
    });
    const h = withdrawalsHarness(() => t);

    /**
     * A player with no review flag left: money deposited, an address older than a day, and one earlier
     * withdrawal (rejected by an operator, so the money is back), so "first withdrawal" no longer applies.
     */
    async function seasoned(device?: string) {
      const p = await h.player({ deposit: '300', device });
      const address = await h.bind(p.auth, trc20());
      t.clock.advance(DAY_MS + 60_000);
      const first = await h.apply(p.auth, { amount: '20', address_id: address.id });
      expect(first.code, first.message).toBe(200);
      // A first withdrawal is always flagged, so it waits whatever the setting.
      expect(first.result.state).toBe('applied');
      const op = await signedInOperator(t, 'finance');
      const rejected = await t.app.inject({
        method: 'POST',
        url: `/api/admin/withdrawals/${first.result.id}/reject`,
        headers: op.auth,
        payload: { reason: 'test' },
      });
      expect(body(rejected).code).toBe(200);
      return { p, address };
    }

    const flagsOf = h.adminView;

    if (autoApproveBelow === null) {
      it('is off by default: an unflagged small withdrawal waits for an operator', async () => {
        expect(t.app.koi.config.withdrawals.autoApproveBelowMicro).toBe(0n);
        const { p, address } = await seasoned();
        const res = await h.apply(p.auth, { amount: '20', address_id: address.id });
        expect(res.result.state).toBe('applied');
        expect((await flagsOf(res.result.id)).context.flags).toEqual([]);
        await h.ledgerClean();
      });
      return;
    }

    it('approves an unflagged withdrawal below the amount, with no operator named', async () => {
      const { p, address } = await seasoned();
      const res = await h.apply(p.auth, { amount: '99.99', address_id: address.id });
      expect(res.code, res.message).toBe(200);
      expect(res.result).toMatchObject({ state: 'approved', status: 2 });
      const seen = await flagsOf(res.result.id);
      expect(seen.context.flags).toEqual([]);
      expect(seen.approved_by).toBeNull();
      // Still held, not paid: the payout rail pays approved withdrawals.
      expect((await h.balances(p.playerId)).held).toBe(toMicro('99.99'));
      await h.ledgerClean();
    });

    it('leaves a withdrawal at or above the amount for an operator', async () => {
      const { p, address } = await seasoned();
      const at = await h.apply(p.auth, { amount: autoApproveBelow, address_id: address.id });
      expect(at.result.state).toBe('applied');
      expect((await flagsOf(at.result.id)).context.flags).toEqual([]);
      await h.ledgerClean();
    });

    it('leaves a flagged player for an operator (a device shared with another player)', async () => {
      const device = `shared-${Date.now()}`;
      await h.player({ device });
      const { p, address } = await seasoned(device);
      const res = await h.apply(p.auth, { amount: '20', address_id: address.id });
      expect(res.result.state).toBe('applied');
      expect((await flagsOf(res.result.id)).context.flags).toEqual(['shared_device']);
      await h.ledgerClean();
    });

    it('leaves a withdrawal to a freshly bound address for an operator', async () => {
      const { p } = await seasoned();
      const fresh = await h.bind(p.auth, trc20());
      const res = await h.apply(p.auth, { amount: '20', address_id: fresh.id });
      expect(res.result.state).toBe('applied');
      expect((await flagsOf(res.result.id)).context.flags).toEqual(['new_address']);
    });
  });
}

suite('automatic approval, off by default', null);
suite('automatic approval below 100 USDT', '100');
