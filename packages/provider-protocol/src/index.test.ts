import { describe, expect, it } from 'vitest';
import {
  balanceRequest,
  betHistoryAnswer,
  betHistoryRequest,
  betRequest,
  launchRequest,
  rollbackRequest,
  transferBalanceRequest,
  transferMoveRequest,
  transferStatusRequest,
  userInfoRequest,
  winRequest,
} from './index';

const tx = {
  request_uuid: 'r-1',
  transaction_uuid: 't-1',
  token: 'tok',
  user: 'player_1',
  round: 'round-1',
  round_closed: false,
  game_code: 'sim-fruit',
  currency: 'USDT',
};
const round = {
  round_id: 'r1',
  user: 'player_1',
  game_code: 'g',
  bet: 1,
  payout: 0,
  bet_time: '2026-11-27T01:00:00Z',
  settle_time: '2026-11-27T01:00:01.5+08:00',
};

/** Each schema with a valid message; every string field in it must refuse control characters. */
const CASES: [string, { safeParse(v: unknown): { success: boolean } }, Record<string, unknown>][] = [
  ['userInfoRequest', userInfoRequest, { request_uuid: 'r', token: 't' }],
  ['balanceRequest', balanceRequest, { request_uuid: 'r', token: 't', user: 'u' }],
  ['betRequest', betRequest, { ...tx, amount: 1 }],
  ['winRequest', winRequest, { ...tx, amount: 1, reference_transaction_uuid: 't-0' }],
  ['rollbackRequest', rollbackRequest, { ...tx, reference_transaction_uuid: 't-0' }],
  [
    'launchRequest',
    launchRequest,
    {
      token: 't',
      user: 'u',
      game_code: 'g',
      currency: 'USDT',
      lang: 'zh',
      return_url: 'https://x',
      game_name: 'n',
    },
  ],
  ['transferMoveRequest', transferMoveRequest, { transfer_id: 'x', provider: 'p', user: 'u', amount: 1 }],
  ['transferStatusRequest', transferStatusRequest, { transfer_id: 'x' }],
  ['transferBalanceRequest', transferBalanceRequest, { provider: 'p', user: 'u' }],
  ['betHistoryRequest', betHistoryRequest, { provider: 'p', cursor: 'c', limit: 10 }],
];

describe('provider protocol strings', () => {
  for (const [name, schema, valid] of CASES) {
    it(`${name} refuses a control character in every string field`, () => {
      expect(schema.safeParse(valid).success).toBe(true);
      for (const [field, value] of Object.entries(valid)) {
        if (typeof value !== 'string') continue;
        for (const control of ['\u0000', '\u0009', '\u001f', '\u007f', '\u009f']) {
          expect(schema.safeParse({ ...valid, [field]: `${value}${control}` }).success, `${field}`).toBe(
            false,
          );
        }
      }
    });
  }

  it('bet history refuses a control character in a round and a time that is not an ISO 8601 instant', () => {
    const answer = (r: object) => ({ status: 'ok', rounds: [r], next_cursor: 'n', has_more: false });
    expect(betHistoryAnswer.safeParse(answer(round)).success).toBe(true);
    expect(betHistoryAnswer.safeParse(answer({ ...round, round_id: 'r\u0000' })).success).toBe(false);
    expect(betHistoryAnswer.safeParse({ ...answer(round), next_cursor: 'n\u0000' }).success).toBe(false);
    for (const time of ['yesterday', '', '2026-11-27', '2026-11-27T01:00:00']) {
      expect(betHistoryAnswer.safeParse(answer({ ...round, bet_time: time })).success, time).toBe(false);
    }
  });

  it('keeps printable Unicode (a Chinese game name, an emoji) in strings', () => {
    expect(launchRequest.safeParse({ ...CASES[5]![2], game_name: '水果狂欢 🍒' }).success).toBe(true);
  });
});
