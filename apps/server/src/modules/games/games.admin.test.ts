import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { body, signUp, useTestApp } from '../../../test/app';
import { useOperators } from '../operators/operators.fixtures';

const t = useTestApp({ demoSignupBonus: '100' });
const ops = useOperators(t, { admin: 'admin', support: 'support' });

type Game = {
  id: number;
  game_code: string;
  status: number;
  enabled: boolean;
  is_hot: boolean;
  sort: number;
  plat_type_id: number;
};
const adminGames = async (query: string) =>
  body<{ data: Game[]; total: number }>(
    await t.app.inject({ method: 'GET', url: `/api/admin/games?${query}`, headers: ops.admin.auth }),
  ).result;
const lobby = async (query: string) =>
  body<{ data: { game_code: string; status: number; is_hot: boolean }[]; total: number }>(
    await t.app.inject({ method: 'GET', url: `/api/plat/game?${query}` }),
  ).result;
const update = (id: number, payload: Record<string, unknown>, op = ops.admin) =>
  t.app.inject({ method: 'POST', url: `/api/admin/games/${id}`, headers: op.auth, payload });

describe('games in the console', () => {
  it('disables a game: players no longer see or open it; enabling brings it back at once', async () => {
    const dice = (await adminGames('plat_type=15&keyword=dice')).data.find((g) => g.game_code === 'dice')!;
    const player = await signUp(t.app);
    expect(body(await update(dice.id, { enabled: false, reason: 'bug in payout' }))).toMatchObject({
      code: 200,
      result: { enabled: false },
    });
    expect((await lobby('plat_type=15')).data.map((g) => g.game_code)).not.toContain('dice');
    const open = await t.app.inject({
      method: 'GET',
      url: '/api/game/login?game_code=dice&plat_type=15',
      headers: player.auth,
    });
    expect(body(open).code).toBe(3005);
    const bet = await t.app.inject({
      method: 'POST',
      url: '/api/originals/dice/bet',
      headers: player.auth,
      payload: { idempotency_key: randomUUID(), amount: '1', target: '50.50', direction: 'over' },
    });
    expect(body(bet).code).toBe(3005);
    await update(dice.id, { enabled: true });
    expect((await lobby('plat_type=15')).data.map((g) => g.game_code)).toContain('dice');
  });

  it('sets status 1-4, the hot flag and sort, refuses other values, and records before/after', async () => {
    const game = (await adminGames('plat_type=15')).data[0]!;
    const res = body<Game>(
      await update(game.id, { status: 2, is_hot: true, sort: 7, reason: 'maintenance' }),
    );
    expect(res.result).toMatchObject({ status: 2, is_hot: true, sort: 7 });
    const seen = (await lobby('plat_type=15')).data.find((g) => g.game_code === game.game_code)!;
    expect(seen).toMatchObject({ status: 2, is_hot: true });
    expect((await update(game.id, { status: 5 })).statusCode).toBe(400);
    expect((await update(game.id, { sort: -1 })).statusCode).toBe(400);
    expect(body(await update(99999999, { status: 1 })).code).toBe(3001);
    expect((await update(game.id, { status: 1 }, ops.support)).statusCode).toBe(403);
    const audit = body<{ data: { action: string; before: { status: number }; after: { status: number } }[] }>(
      await t.app.inject({
        method: 'GET',
        url: `/api/admin/audit?target=game:${game.id}`,
        headers: ops.admin.auth,
      }),
    ).result.data;
    expect(audit[0]).toMatchObject({
      action: 'game.update',
      before: { status: game.status },
      after: { status: 2 },
    });
    await update(game.id, { status: 1, is_hot: game.is_hot, sort: game.sort });
  });

  it('disables a whole provider: every game of it leaves the lobby', async () => {
    const providers = body<{ id: number; enabled: boolean; game_count: number }[]>(
      await t.app.inject({ method: 'GET', url: '/api/admin/providers', headers: ops.admin.auth }),
    ).result;
    const koi = providers.find((p) => p.id === 15)!;
    expect(koi.game_count).toBeGreaterThan(0);
    expect((await lobby('plat_type=15')).total).toBeGreaterThan(0);
    const off = await t.app.inject({
      method: 'POST',
      url: '/api/admin/providers/15',
      headers: ops.admin.auth,
      payload: { enabled: false, reason: 'audit' },
    });
    expect(body(off)).toMatchObject({ code: 200, result: { enabled: false } });
    expect((await lobby('plat_type=15')).total).toBe(0);
    const koiGames = (await adminGames('plat_type=15')).data;
    expect(koiGames.length).toBeGreaterThan(0);
    expect(koiGames.every((g) => g.plat_type_id === 15)).toBe(true);
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/providers/15',
      headers: ops.admin.auth,
      payload: { enabled: true },
    });
    expect((await lobby('plat_type=15')).total).toBeGreaterThan(0);
    expect(
      body(
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/providers/99',
          headers: ops.admin.auth,
          payload: {},
        }),
      ).code,
    ).toBe(6021);
  });
});
