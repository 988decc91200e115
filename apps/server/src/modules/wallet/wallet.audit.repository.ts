import { sql } from 'drizzle-orm';
import type { AccountAudit, LedgerAudit } from '@koi/ledger';
import { queryRows, type DbOrTx } from '../../db/client';

/**
 * SQL of the ledger audit (ledger:verify, the console's check, the tests after money moved): read-only
 * aggregates over every account, transfer and entry. It lives apart from wallet.repository.ts because it is
 * not part of moving money; the invariants it feeds are packages/ledger/src/invariants.ts.
 */
export function createLedgerAuditRepository(db: DbOrTx) {
  return {
    /**
     * Gathers everything the invariants need, as aggregates: stored balances next to the same sums
     * recomputed from transfers and from entries, plus the keys, resolutions and transfers that break a
     * rule (each list bounded).
     */
    async audit(violationLimit: number): Promise<LedgerAudit> {
      const accounts = await queryRows<{
        id: string;
        kind: number;
        flags: number;
        currency: string;
        player_id: string | null;
        system_code: string | null;
        shard: number;
        dp: string;
        cp: string;
        dpe: string;
        cpe: string;
        t_dp: string;
        t_cp: string;
        t_dpe: string;
        t_cpe: string;
        e_posted: string;
        e_pending: string;
      }>(
        db,
        sql`
      with td as (
        select debit_account_id id,
               coalesce(sum(amount_micro) filter (where state in (1, 3)), 0) posted,
               coalesce(sum(amount_micro) filter (where state = 2), 0) pending
        from ledger_transfers group by debit_account_id),
      tc as (
        select credit_account_id id,
               coalesce(sum(amount_micro) filter (where state in (1, 3)), 0) posted,
               coalesce(sum(amount_micro) filter (where state = 2), 0) pending
        from ledger_transfers group by credit_account_id),
      e as (
        select account_id id, sum(posted_delta_micro) posted, sum(pending_delta_micro) pending
        from ledger_entries group by account_id)
      select a.id::text, a.kind::int, a.flags, a.currency, a.player_id::text, a.system_code, a.shard::int,
        a.debits_posted_micro::text dp, a.credits_posted_micro::text cp,
        a.debits_pending_micro::text dpe, a.credits_pending_micro::text cpe,
        coalesce(td.posted, 0)::text t_dp, coalesce(tc.posted, 0)::text t_cp,
        coalesce(td.pending, 0)::text t_dpe, coalesce(tc.pending, 0)::text t_cpe,
        coalesce(e.posted, 0)::text e_posted, coalesce(e.pending, 0)::text e_pending
      from ledger_accounts a
      left join td on td.id = a.id
      left join tc on tc.id = a.id
      left join e on e.id = a.id
      order by a.id`,
      );
      const duplicateKeys = await queryRows<{ key: string; count: number }>(
        db,
        sql`select idempotency_key as key, count(*)::int as count from ledger_transfers
          group by idempotency_key having count(*) > 1 limit ${violationLimit}`,
      );
      const badResolutions = await queryRows<{ id: string; state: number; events: number }>(
        db,
        sql`
      select t.id::text, t.state::int, ceil(count(e.id) filter (where e.phase in (3, 4)) / 2.0)::int events
      from ledger_transfers t left join ledger_entries e on e.transfer_id = t.id
      where t.state <> 1
      group by t.id, t.state
      having not (
        (t.state = 2 and count(e.id) filter (where e.phase in (3, 4)) = 0)
        or (t.state = 3 and count(e.id) filter (where e.phase = 3) = 2 and count(e.id) filter (where e.phase = 4) = 0)
        or (t.state = 4 and count(e.id) filter (where e.phase = 4) = 2 and count(e.id) filter (where e.phase = 3) = 0))
      limit ${violationLimit}`,
      );
      const unbalanced = await queryRows<{ id: string; posted: string; pending: string }>(
        db,
        sql`select transfer_id::text id, sum(posted_delta_micro)::text posted, sum(pending_delta_micro)::text pending
          from ledger_entries group by transfer_id
          having sum(posted_delta_micro) <> 0 or sum(pending_delta_micro) <> 0
          limit ${violationLimit}`,
      );
      return {
        accounts: accounts.map((a): AccountAudit => ({
          id: a.id,
          label: a.player_id
            ? `player ${a.player_id} (account ${a.id})`
            : `${a.system_code}#${a.shard} (account ${a.id})`,
          kind: a.kind,
          flags: a.flags,
          currency: a.currency,
          stored: {
            debitsPosted: BigInt(a.dp),
            creditsPosted: BigInt(a.cp),
            debitsPending: BigInt(a.dpe),
            creditsPending: BigInt(a.cpe),
          },
          fromTransfers: {
            debitsPosted: BigInt(a.t_dp),
            creditsPosted: BigInt(a.t_cp),
            debitsPending: BigInt(a.t_dpe),
            creditsPending: BigInt(a.t_cpe),
          },
          fromEntries: { postedNet: BigInt(a.e_posted), pendingNet: BigInt(a.e_pending) },
        })),
        duplicateKeys,
        badResolutions: badResolutions.map((r) => ({
          transferId: r.id,
          state: r.state,
          resolutionEvents: r.events,
        })),
        unbalancedTransfers: unbalanced.map((u) => ({
          transferId: u.id,
          postedSum: BigInt(u.posted),
          pendingSum: BigInt(u.pending),
        })),
      };
    },
  };
}
