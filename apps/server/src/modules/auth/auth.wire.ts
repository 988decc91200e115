import type { UserInfo } from '@koi/contract';
import type { PlayerInfo, RegisterInput } from './auth.service';

/* The auth module's one mapping between the snake_case wire and its camelCase types (decision 3). */

/** The registration form as the player app sends it (spec §5 keeps its field names, `confrimPas` included). */
export const registerInputOf = (body: {
  username: string;
  password: string;
  confrimPas: string;
  captcha: string;
  code: string;
  device: string;
  age_confirmed: boolean;
}): RegisterInput => ({
  username: body.username,
  password: body.password,
  confirmPassword: body.confrimPas,
  captcha: body.captcha,
  inviteCode: body.code,
  device: body.device,
  ageConfirmed: body.age_confirmed,
});

export const captchaWire = (c: { imgUrl: string }) => ({ img_url: c.imgUrl });

export const userInfoWire = (p: PlayerInfo): UserInfo => ({
  player_name: p.username,
  balance: p.balance,
  set_password: p.hasWithdrawPassword,
  turnover_remaining: p.turnoverRemaining,
  invite_code: p.inviteCode,
  vip_level: p.vipLevel,
  last_login_at: p.lastLoginAt ? p.lastLoginAt.toISOString() : null,
});
