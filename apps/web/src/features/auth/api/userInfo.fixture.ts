import type { UserInfo } from '@koi/contract';

/**
 * A signed-in player's POST /api/plat/info answer with every field the contract names, so a screen test's fake
 * server answers what the real one would; a test overrides only what its scenario is about.
 */
export function userInfoWire(over: Partial<UserInfo> = {}): UserInfo {
  return {
    player_name: 'player0001',
    balance: '10.0000',
    set_password: false,
    turnover_remaining: '0',
    invite_code: 'I',
    vip_level: 0,
    last_login_at: null,
    ...over,
  };
}
