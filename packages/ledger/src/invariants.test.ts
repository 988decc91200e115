import { describe, expect, it } from 'vitest';
import { AccountFlags, AccountKind } from './codes';
import { checkLedger, type AccountAudit, type Balances, type LedgerAudit } from './invariants';

const zero: Balances = { debitsPosted: 0n, creditsPosted: 0n, debitsPending: 0n, creditsPending: 0n };

function account(id: string, kind: number, stored: Partial<Balances>, flags = 0): AccountAudit {
  const b = { ...zero, ...stored };
  return {
    id,
    label: `account ${id}`,
    kind,
    flags,
    currency: 'USDT',
    stored: b,
    fromTransfers: { ...b },
    fromEntries: {
      postedNet: b.creditsPosted - b.debitsPosted,
      pendingNet: b.creditsPending - b.debitsPending,
    },
  };
}

const audit = (accounts: AccountAudit[], extra: Partial<LedgerAudit> = {}): LedgerAudit => ({
  accounts,
  duplicateKeys: [],
  badResolutions: [],
  unbalancedTransfers: [],
  ...extra,
});

describe('checkLedger', () => {
  it('accepts a balanced ledger', () => {
    const player = account('1', AccountKind.PLAYER, { creditsPosted: 10n, debitsPending: 4n });
    const house = account('2', AccountKind.SYSTEM, { debitsPosted: 10n, creditsPending: 4n });
    expect(checkLedger(audit([player, house]))).toEqual([]);
  });

  it('names money created from nothing', () => {
    const player = account('1', AccountKind.PLAYER, { creditsPosted: 10n });
    const violations = checkLedger(audit([player]));
    expect(violations.map((v) => v.invariant)).toEqual(['SUMS_TO_ZERO']);
  });

  it('names a player below zero and stored balances that disagree with their history', () => {
    const player = account(
      '1',
      AccountKind.PLAYER,
      { debitsPosted: 5n },
      AccountFlags.DEBITS_MUST_NOT_EXCEED_CREDITS,
    );
    player.fromTransfers = { ...zero };
    player.fromEntries = { postedNet: 0n, pendingNet: 0n };
    const house = account('2', AccountKind.SYSTEM, { creditsPosted: 5n });
    const names = checkLedger(audit([player, house])).map((v) => v.invariant);
    expect(names).toEqual(['STORED_EQUALS_TRANSFERS', 'STORED_EQUALS_ENTRIES', 'NO_PLAYER_BELOW_ZERO']);
  });

  it('names duplicate keys, double resolutions and unbalanced transfers', () => {
    const names = checkLedger(
      audit([], {
        duplicateKeys: [{ key: 'k', count: 2 }],
        badResolutions: [{ transferId: '7', state: 3, resolutionEvents: 2 }],
        unbalancedTransfers: [{ transferId: '8', postedSum: 1n, pendingSum: 0n }],
      }),
    ).map((v) => v.invariant);
    expect(names).toEqual(['ONE_TRANSFER_PER_KEY', 'PENDING_RESOLVED_ONCE', 'TRANSFER_ENTRIES_BALANCE']);
  });
});
