import type { BalanceItem, BillChange, Locale } from '@koi/contract';
import { EntryPhase, TransferState, formatBalance, formatSigned, transferCodeName } from '@koi/ledger';
import { stateNames } from '../../lib/state-names';
import type { PlayerBalance, WalletService } from './wallet.service';

/*
 * The wallet's one mapping from its camelCase entries and balances to the player's snake_case wire
 * (decision 3). The console's wire is wallet.admin.wire.ts.
 */

const PHASE_NAMES = stateNames(EntryPhase);

/**
 * Where a hold stands now: the hold's row is the one the player sees (its post changes nothing they can spend,
 * so it is not listed), and it must read as paid or returned once the transfer is, not as frozen for ever.
 */
const HOLD_STATES: Record<number, BillChange['state']> = {
  [TransferState.PENDING]: 'pending',
  [TransferState.PENDING_POSTED]: 'completed',
  [TransferState.PENDING_VOIDED]: 'returned',
};

type BillEntry = Awaited<ReturnType<WalletService['billChanges']>>['rows'][number];

export const billChangeWire = (e: BillEntry, locale: Locale): BillChange => ({
  id: e.id,
  created_at: e.createdAt.toISOString(),
  type: e.code,
  type_name: transferCodeName(e.code, locale),
  phase: PHASE_NAMES.name(e.phase) ?? 'posted',
  ...(e.phase === EntryPhase.HOLD ? { state: HOLD_STATES[e.transferState] ?? 'pending' } : {}),
  amount: formatSigned(e.amountMicro),
  balance_after: formatBalance(e.balanceAfterMicro),
  reference_type: e.referenceType,
  reference_id: e.referenceId,
});

export const balanceWire = (b: PlayerBalance): BalanceItem => ({
  currency: b.currency,
  balance: formatBalance(b.availableMicro),
  frozen: formatBalance(b.heldMicro),
  total: formatBalance(b.postedMicro),
});
