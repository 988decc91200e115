import { AccountFlags, AccountKind } from './codes';
import { formatMicro } from './money';

/**
 * The ledger's invariants, stated once. `ledger:verify` gathers a LedgerAudit with SQL aggregates and the
 * model-based tests build one from their in-memory model; both are judged by `checkLedger`, so the rules
 * are checked the same way from two different paths.
 */
export const INVARIANTS = {
  SUMS_TO_ZERO: 'All posted balances sum to zero per currency, and pending debits equal pending credits',
  STORED_EQUALS_TRANSFERS: "Each account's stored balances equal the sums of its transfers",
  STORED_EQUALS_ENTRIES: "Each account's stored balances equal the sums of its entries",
  NO_PLAYER_BELOW_ZERO: 'No player wallet (or other limited account) has a negative available balance',
  ONE_TRANSFER_PER_KEY: 'Each idempotency key names at most one transfer',
  PENDING_RESOLVED_ONCE: 'Each pending transfer is resolved at most once, and its state matches its entries',
  TRANSFER_ENTRIES_BALANCE: "Each transfer's entries sum to zero",
} as const;
export type InvariantName = keyof typeof INVARIANTS;

export interface Balances {
  debitsPosted: bigint;
  creditsPosted: bigint;
  debitsPending: bigint;
  creditsPending: bigint;
}

export interface AccountAudit {
  id: string;
  /** Who or what the account is, for messages ("player 12", "house#3"). */
  label: string;
  kind: number;
  flags: number;
  currency: string;
  stored: Balances;
  /** The same four sums recomputed from the transfers table. */
  fromTransfers: Balances;
  /** Net posted and net pending movement recomputed from the entries table. */
  fromEntries: { postedNet: bigint; pendingNet: bigint };
}

export interface LedgerAudit {
  accounts: AccountAudit[];
  /** Idempotency keys held by more than one transfer (the unique index should make this empty). */
  duplicateKeys: { key: string; count: number }[];
  /** Pending transfers whose resolution entries disagree with their state or show more than one event. */
  badResolutions: { transferId: string; state: number; resolutionEvents: number }[];
  /** Transfers whose entries do not sum to zero. */
  unbalancedTransfers: { transferId: string; postedSum: bigint; pendingSum: bigint }[];
}

export interface Violation {
  invariant: InvariantName;
  message: string;
}

export const availableOf = (b: Balances): bigint => b.creditsPosted - b.debitsPosted - b.debitsPending;
export const postedNetOf = (b: Balances): bigint => b.creditsPosted - b.debitsPosted;
export const pendingNetOf = (b: Balances): bigint => b.creditsPending - b.debitsPending;

const sameBalances = (a: Balances, b: Balances) =>
  a.debitsPosted === b.debitsPosted &&
  a.creditsPosted === b.creditsPosted &&
  a.debitsPending === b.debitsPending &&
  a.creditsPending === b.creditsPending;

const show = (b: Balances) =>
  `debits_posted=${formatMicro(b.debitsPosted)} credits_posted=${formatMicro(b.creditsPosted)} ` +
  `debits_pending=${formatMicro(b.debitsPending)} credits_pending=${formatMicro(b.creditsPending)}`;

/** Judges an audit; returns every violation found (empty when the ledger is sound). */
export function checkLedger(audit: LedgerAudit): Violation[] {
  const violations: Violation[] = [];
  const totals = new Map<string, Balances>();
  for (const account of audit.accounts) {
    const total = totals.get(account.currency) ?? {
      debitsPosted: 0n,
      creditsPosted: 0n,
      debitsPending: 0n,
      creditsPending: 0n,
    };
    total.debitsPosted += account.stored.debitsPosted;
    total.creditsPosted += account.stored.creditsPosted;
    total.debitsPending += account.stored.debitsPending;
    total.creditsPending += account.stored.creditsPending;
    totals.set(account.currency, total);

    if (!sameBalances(account.stored, account.fromTransfers)) {
      violations.push({
        invariant: 'STORED_EQUALS_TRANSFERS',
        message: `${account.label}: stored ${show(account.stored)} but transfers give ${show(account.fromTransfers)}`,
      });
    }
    if (
      postedNetOf(account.stored) !== account.fromEntries.postedNet ||
      pendingNetOf(account.stored) !== account.fromEntries.pendingNet
    ) {
      violations.push({
        invariant: 'STORED_EQUALS_ENTRIES',
        message:
          `${account.label}: stored posted net ${formatMicro(postedNetOf(account.stored))} and pending net ` +
          `${formatMicro(pendingNetOf(account.stored))} but entries give ${formatMicro(account.fromEntries.postedNet)} ` +
          `and ${formatMicro(account.fromEntries.pendingNet)}`,
      });
    }
    const limited =
      account.kind === AccountKind.PLAYER ||
      (account.flags & AccountFlags.DEBITS_MUST_NOT_EXCEED_CREDITS) !== 0;
    if (limited && availableOf(account.stored) < 0n) {
      violations.push({
        invariant: 'NO_PLAYER_BELOW_ZERO',
        message: `${account.label}: available balance ${formatMicro(availableOf(account.stored))} is below zero`,
      });
    }
    const mirrored = (account.flags & AccountFlags.CREDITS_MUST_NOT_EXCEED_DEBITS) !== 0;
    if (
      mirrored &&
      account.stored.debitsPosted - account.stored.creditsPosted - account.stored.creditsPending < 0n
    ) {
      violations.push({
        invariant: 'NO_PLAYER_BELOW_ZERO',
        message: `${account.label}: credits exceed debits although the account forbids it`,
      });
    }
  }
  for (const [currency, total] of totals) {
    if (total.debitsPosted !== total.creditsPosted) {
      violations.push({
        invariant: 'SUMS_TO_ZERO',
        message: `${currency}: posted debits ${formatMicro(total.debitsPosted)} differ from posted credits ${formatMicro(total.creditsPosted)}`,
      });
    }
    if (total.debitsPending !== total.creditsPending) {
      violations.push({
        invariant: 'SUMS_TO_ZERO',
        message: `${currency}: pending debits ${formatMicro(total.debitsPending)} differ from pending credits ${formatMicro(total.creditsPending)}`,
      });
    }
  }
  for (const d of audit.duplicateKeys) {
    violations.push({
      invariant: 'ONE_TRANSFER_PER_KEY',
      message: `idempotency key "${d.key}" names ${d.count} transfers`,
    });
  }
  for (const r of audit.badResolutions) {
    violations.push({
      invariant: 'PENDING_RESOLVED_ONCE',
      message: `transfer ${r.transferId} in state ${r.state} has ${r.resolutionEvents} resolution events`,
    });
  }
  for (const u of audit.unbalancedTransfers) {
    violations.push({
      invariant: 'TRANSFER_ENTRIES_BALANCE',
      message: `transfer ${u.transferId}: entries sum to posted ${formatMicro(u.postedSum)}, pending ${formatMicro(u.pendingSum)}`,
    });
  }
  return violations;
}
