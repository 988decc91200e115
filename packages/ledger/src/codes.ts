/**
 * Why money moved. Every transfer carries one code; the numbers are stored in the database and shown to
 * players as the account-change "type", so they never change meaning once released.
 *
 * A withdrawal is one two-phase transfer with code WITHDRAWAL: the hold is the pending transfer, and it is
 * later posted (paid) or voided (rejected), exactly once. The same applies to in-flight provider transfers.
 */
export const TransferCode = {
  DEPOSIT: 1,
  WITHDRAWAL: 2,
  BET: 3,
  WIN: 4,
  ROLLBACK: 5,
  BONUS: 6,
  REBATE: 7,
  COMMISSION: 8,
  ADJUSTMENT: 9,
  PROVIDER_TRANSFER_IN: 10,
  PROVIDER_TRANSFER_OUT: 11,
  /** The fee of a withdrawal: held with the withdrawal, posted when it is paid, voided when it is rejected. */
  WITHDRAWAL_FEE: 12,
  /** A red packet's total, held from its sender while the packet is open (decision 27). */
  RED_PACKET_SEND: 13,
  /** A share of a red packet, paid to its grabber. */
  RED_PACKET_GRAB: 14,
  /** A grabber's mine payment to the packet's sender (the possible amount is held while the packet is open). */
  RED_PACKET_MINE: 15,
  /** Unclaimed shares returned to the sender when the packet closes. */
  RED_PACKET_REFUND: 16,
  /** The promotional part of an open bonus requirement taken back on freeze or self-exclusion (decision 36). */
  BONUS_FORFEIT: 17,
  /** The house's fee on a red packet's mine payment. */
  RED_PACKET_FEE: 18,
} as const;
export type TransferCode = (typeof TransferCode)[keyof typeof TransferCode];

// Marked pure so that a bundle importing only the currency or the fee rules leaves these lists out.
export const TRANSFER_CODES = /* @__PURE__ */ Object.values(TransferCode) as TransferCode[];

export const TRANSFER_CODE_NAMES_ZH: Record<TransferCode, string> = {
  1: '充值',
  2: '提现',
  3: '下注',
  4: '派彩',
  5: '注单回滚',
  6: '红利',
  7: '返水',
  8: '佣金',
  9: '人工调整',
  10: '转入游戏',
  11: '转出游戏',
  12: '提现手续费',
  13: '发红包',
  14: '抢红包',
  15: '红包中雷',
  16: '红包退回',
  17: '红利没收',
  18: '红包手续费',
};

export const TRANSFER_CODE_NAMES_EN: Record<TransferCode, string> = {
  1: 'Deposit',
  2: 'Withdrawal',
  3: 'Bet',
  4: 'Win',
  5: 'Bet rolled back',
  6: 'Bonus',
  7: 'Rebate',
  8: 'Commission',
  9: 'Manual adjustment',
  10: 'Moved into game',
  11: 'Moved out of game',
  12: 'Withdrawal fee',
  13: 'Red packet sent',
  14: 'Red packet grabbed',
  15: 'Red packet mine',
  16: 'Red packet returned',
  17: 'Bonus forfeited',
  18: 'Red packet fee',
};

export const isTransferCode = (n: number): n is TransferCode => (TRANSFER_CODES as number[]).includes(n);

/**
 * The name a player or operator sees for a transfer's code, in the language of their request (the number
 * itself for a code this release does not know, rather than nothing).
 */
export function transferCodeName(code: number, locale: 'zh-CN' | 'en'): string {
  if (!isTransferCode(code)) return String(code);
  return locale === 'en' ? TRANSFER_CODE_NAMES_EN[code] : TRANSFER_CODE_NAMES_ZH[code];
}

/** Lifecycle of a transfer. Only PENDING changes, once, to PENDING_POSTED or PENDING_VOIDED. */
export const TransferState = {
  POSTED: 1,
  PENDING: 2,
  PENDING_POSTED: 3,
  PENDING_VOIDED: 4,
} as const;
export type TransferState = (typeof TransferState)[keyof typeof TransferState];

/** What one entry (one side of one event) records. */
export const EntryPhase = {
  /** A single-phase transfer moved posted money. */
  POSTED: 1,
  /** A pending transfer reserved money (pending balances). */
  HOLD: 2,
  /** The pending transfer was posted: pending released, posted moved. */
  POST: 3,
  /** The pending transfer was voided: pending released. */
  VOID: 4,
} as const;
export type EntryPhase = (typeof EntryPhase)[keyof typeof EntryPhase];

export const AccountKind = { PLAYER: 1, SYSTEM: 2 } as const;
export type AccountKind = (typeof AccountKind)[keyof typeof AccountKind];

/** TigerBeetle's balance-limit flags. */
export const AccountFlags = {
  /** available = credits_posted - debits_posted - debits_pending must stay >= 0 (every player wallet). */
  DEBITS_MUST_NOT_EXCEED_CREDITS: 1,
  /** The mirror limit, for accounts that may only ever hold a debit balance. */
  CREDITS_MUST_NOT_EXCEED_DEBITS: 2,
} as const;

/**
 * System accounts. Each is split into SYSTEM_ACCOUNT_SHARDS rows (see the design note in wallet.service.ts)
 * so that concurrent bets do not queue behind one row lock. Their balances are naturally negative or
 * positive; none carries a limit flag.
 */
export const SystemAccount = {
  /** The house side of every bet, win and rollback of Koi's own games and providers. */
  HOUSE: 'house',
  /** Money that arrived from outside (chain or payment channel) before it is credited to a player. */
  DEPOSIT_CLEARING: 'deposit_clearing',
  /** Held withdrawals awaiting payout. */
  WITHDRAWAL_PAYABLE: 'withdrawal_payable',
  PROMOTION_EXPENSE: 'promotion_expense',
  COMMISSION_EXPENSE: 'commission_expense',
  /** Funds moved into transfer-wallet providers. */
  PROVIDER_FLOAT: 'provider_float',
  /** Withdrawal fees earned by the platform. */
  FEE_INCOME: 'fee_income',
  /** The other side of operator adjustments. */
  ADJUSTMENTS: 'adjustments',
  /** Red packets' totals and grabbers' possible mine payments while packets are open. */
  RED_PACKET_ESCROW: 'red_packet_escrow',
} as const;
export type SystemAccount = (typeof SystemAccount)[keyof typeof SystemAccount];
export const SYSTEM_ACCOUNTS = /* @__PURE__ */ Object.values(SystemAccount) as SystemAccount[];
export const SYSTEM_ACCOUNT_SHARDS = 32;

export const LEDGER_CURRENCY = 'USDT';
