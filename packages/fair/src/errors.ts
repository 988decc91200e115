/**
 * Every way a fairness input can be wrong, with the reason shown to the player in both product languages
 * (the form the ledger uses for amounts). The server maps a `FairError` to its error envelope.
 */
export type FairProblem =
  | 'game_unknown'
  | 'params_missing'
  | 'target_format'
  | 'target_out_of_range'
  | 'direction_invalid'
  | 'mines_count_out_of_range'
  | 'picks_invalid'
  | 'picks_duplicate'
  | 'picks_count_out_of_range'
  | 'tile_out_of_range'
  | 'tile_already_revealed'
  | 'amount_invalid'
  | 'server_seed_invalid'
  | 'server_seed_hash_mismatch'
  | 'client_seed_invalid'
  | 'nonce_invalid'
  | 'house_edge_invalid'
  | 'max_payout_invalid'
  | 'packet_id_invalid'
  | 'red_packet_shares_out_of_range'
  | 'red_packet_total_invalid'
  | 'red_packet_total_too_small'
  | 'red_packet_share_invalid'
  | 'mine_digit_invalid';

export const FAIR_PROBLEM_TEXT: Record<FairProblem, string> = {
  game_unknown: '未知的游戏 (unknown game)',
  params_missing: '缺少游戏参数 (game parameters are missing)',
  target_format: '目标数值格式不正确，最多两位小数 (target must be a number with at most 2 decimals)',
  target_out_of_range: '目标数值超出范围 (target is out of range)',
  direction_invalid: '方向必须是 over（大于）或 under（小于） (direction must be over or under)',
  mines_count_out_of_range: '地雷数量必须在1到24之间 (mines must be between 1 and 24)',
  picks_invalid: '格子编号必须是0到24之间的整数 (tiles are integers from 0 to 24)',
  picks_duplicate: '同一个格子不能翻开两次 (a tile cannot be revealed twice)',
  picks_count_out_of_range: '翻开的格子数量不正确 (wrong number of tiles to reveal)',
  tile_out_of_range: '格子编号必须是0到24之间的整数 (tiles are integers from 0 to 24)',
  tile_already_revealed: '这个格子已经翻开 (this tile is already revealed)',
  amount_invalid: '投注金额必须大于0 (the bet amount must be greater than 0)',
  server_seed_invalid: '服务器种子格式不正确，应为64位十六进制 (server seed must be 64 hex digits)',
  server_seed_hash_mismatch: '服务器种子与公布的哈希不符 (server seed does not match the published hash)',
  client_seed_invalid: '客户端种子必须是1到64个可见字符 (client seed must be 1 to 64 visible characters)',
  nonce_invalid: 'nonce 必须是非负整数 (nonce must be a non-negative integer)',
  house_edge_invalid: '庄家优势设置不正确 (house edge must be 0 to 5000 basis points)',
  max_payout_invalid: '最高派彩设置不正确 (maximum payout must be a positive amount)',
  packet_id_invalid: '红包编号必须是非负整数 (packet id must be a non-negative integer)',
  red_packet_shares_out_of_range: '红包份数必须在5到10之间 (a red packet has 5 to 10 shares)',
  red_packet_total_invalid:
    '红包金额必须是以微USDT计的整数，且不超过上限 (the total must be a whole number of micro-USDT, within the limit)',
  red_packet_total_too_small:
    '红包金额不足，每份至少0.01 USDT (the total must give every share at least 0.01 USDT)',
  red_packet_share_invalid:
    '红包份额必须是非负的微USDT整数 (a share must be a non-negative whole number of micro-USDT)',
  mine_digit_invalid: '雷号必须是1到9的数字，或不设雷 (the mine digit is 1 to 9, or none)',
};

export class FairError extends Error {
  constructor(readonly problem: FairProblem) {
    super(FAIR_PROBLEM_TEXT[problem]);
    this.name = 'FairError';
  }
}

export type Checked<T> = { ok: true; value: T } | { ok: false; problem: FairProblem; reason: string };

export const refuse = <T>(problem: FairProblem): Checked<T> => ({
  ok: false,
  problem,
  reason: FAIR_PROBLEM_TEXT[problem],
});

export const accept = <T>(value: T): Checked<T> => ({ ok: true, value });

/**
 * Checks the fields of a game's or a packet's params with `check`, once they are known to be an object: the
 * one guard every params check starts with, refusing null and non-objects as missing params.
 */
export const checkFields = <T>(
  input: unknown,
  check: (fields: Record<string, unknown>) => Checked<T>,
): Checked<T> =>
  typeof input === 'object' && input !== null
    ? check(input as Record<string, unknown>)
    : refuse('params_missing');

/** Unwraps a check, throwing the problem as a FairError; for code paths that must not continue. */
export function must<T>(checked: Checked<T>): T {
  if (!checked.ok) throw new FairError(checked.problem);
  return checked.value;
}
