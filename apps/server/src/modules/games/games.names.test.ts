import { describe, expect, it } from 'vitest';
import type { GameItem } from '@koi/contract';
import { body, useTestApp } from '../../../test/app';
import { useOperators } from '../operators/operators.fixtures';

/*
 * The names the server supplies (categories, providers, games) in the request's language: the same lists
 * in Chinese and in English, English falling back to Chinese where an operator gave no English name.
 */
const t = useTestApp();
const ops = useOperators(t, { admin: 'admin' });

const ZH = { 'accept-language': 'zh-CN,zh;q=0.9' };
const EN = { 'accept-language': 'en-US,en;q=0.9' };

const get = async <T>(url: string, headers: Record<string, string>) =>
  body<T>(await t.app.inject({ method: 'GET', url, headers })).result;
type Page = { data: GameItem[]; total: number };
type Plat = { game_type_id: number; plat_type_id: number; plat_name: string; brand_image: string };
type Tab = { game_type_id: number; name: string };

const tabs = async (headers: Record<string, string>) =>
  body<Tab[]>(
    await t.app.inject({
      method: 'POST',
      url: '/api/plat/game-type',
      headers,
      payload: { game_plat_type: 0 },
    }),
  ).result;

const renameProvider = (id: number, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/admin/providers/${id}`, headers: ops.admin.auth, payload });

describe('server-supplied names in the request language', () => {
  it('answers the home tabs in Chinese and in English', async () => {
    const zh = await tabs(ZH);
    const en = await tabs(EN);
    expect(zh.map((c) => c.name)).toEqual(['热门', '电子', '视讯', '棋牌', '捕鱼', '体育']);
    expect(en.map((c) => c.name)).toEqual(['Hot', 'Slots', 'Live', 'Cards', 'Fishing', 'Sports']);
    expect(en.map((c) => c.game_type_id)).toEqual(zh.map((c) => c.game_type_id));
  });

  it('lists the same games and providers in both languages, named in each', async () => {
    const zh = await get<Page>('/api/plat/game?plat_type=1&size=100', ZH);
    const en = await get<Page>('/api/plat/game?plat_type=1&size=100', EN);
    expect(en.data.map((g) => g.id)).toEqual(zh.data.map((g) => g.id));
    const mahjong = (page: Page) => page.data.find((g) => g.game_code === 'pg-mahjong')!;
    expect(mahjong(zh).name).toBe('麻将胡了');
    expect(mahjong(en).name).toBe('Mahjong Ways');

    const platsZh = await get<Plat[]>('/api/plat/game-plat-list?game_type=5', ZH);
    const platsEn = await get<Plat[]>('/api/plat/game-plat-list?game_type=5', EN);
    expect(platsEn.map((p) => p.plat_type_id)).toEqual(platsZh.map((p) => p.plat_type_id));
    const pg = (plats: Plat[]) => plats.find((p) => p.plat_type_id === 1)!;
    expect(pg(platsZh).plat_name).toBe('PG电子');
    expect(pg(platsEn).plat_name).toBe('PG Soft');
    // Not one Chinese character left in the English list's names.
    const han = /\p{Script=Han}/u;
    expect(platsEn.filter((p) => han.test(p.plat_name))).toEqual([]);
    expect((await get<Page>('/api/plat/game?size=100', EN)).data.filter((g) => han.test(g.name))).toEqual([]);
  });

  it('draws the artwork with the name in the language asked for', async () => {
    const en = (await get<Page>('/api/plat/game?keyword=pg-mahjong', EN)).data[0]!;
    const zh = (await get<Page>('/api/plat/game?keyword=pg-mahjong', ZH)).data[0]!;
    expect(zh.image).toBe('/art/games/1/pg-mahjong/tile.svg');
    expect(en.image).toBe('/art/games/1/pg-mahjong/tile.svg?lang=en');
    const tile = await t.app.inject({ method: 'GET', url: en.image });
    expect(tile.body).toContain('Mahjong Ways');
    expect(tile.body).toContain('PG Soft');
    expect(tile.body).not.toContain('麻将胡了');
    expect((await t.app.inject({ method: 'GET', url: zh.image })).body).toContain('麻将胡了');

    const brandEn = (await get<Plat[]>('/api/plat/game-plat-list?game_type=5', EN)).find(
      (p) => p.plat_type_id === 1,
    )!.brand_image;
    expect((await t.app.inject({ method: 'GET', url: brandEn })).body).toContain('PG Soft');
    // A long English name is drawn smaller, to fit the plate; a short Chinese one keeps the full size.
    const fontSize = (svg: string) => Number(/font-size="(\d+)" font-weight="800"/.exec(svg)![1]);
    const pp = await t.app.inject({ method: 'GET', url: '/art/brands/9.svg?lang=en' });
    expect(pp.body).toContain('Pragmatic Play');
    expect(fontSize(pp.body)).toBeLessThan(28);
    expect(fontSize((await t.app.inject({ method: 'GET', url: '/art/brands/9.svg' })).body)).toBe(28);
    expect((await t.app.inject({ method: 'GET', url: '/art/brands/1.svg?lang=fr' })).statusCode).toBe(400);
  });

  it('takes both names from the console; an English name cleared falls back to the Chinese one', async () => {
    const renamed = body(
      await renameProvider(9, { name: ' PP电子 ', name_en: ' Pragmatic ', reason: 'rename' }),
    );
    expect(renamed).toMatchObject({ code: 200, result: { name: 'PP电子', name_en: 'Pragmatic' } });
    const plat = async (headers: Record<string, string>) =>
      (await get<Plat[]>('/api/plat/game-plat-list?game_type=5', headers)).find((p) => p.plat_type_id === 9)!
        .plat_name;
    expect(await plat(EN)).toBe('Pragmatic');

    expect(body(await renameProvider(9, { name_en: '', reason: 'no English name' })).result).toMatchObject({
      name: 'PP电子',
      name_en: null,
    });
    expect(await plat(EN)).toBe('PP电子');
    expect(await plat(ZH)).toBe('PP电子');

    expect(body(await renameProvider(9, { name: '   ', reason: 'blank' })).code).toBe(400);
    const audit = body<{ data: { action: string; before: unknown; after: unknown }[] }>(
      await t.app.inject({
        method: 'GET',
        url: '/api/admin/audit?action=provider.update',
        headers: ops.admin.auth,
      }),
    ).result.data[0]!;
    expect(audit).toMatchObject({ before: { name_en: 'Pragmatic' }, after: { name_en: null } });
  });

  it('renames a game in both languages from the console', async () => {
    const found = body<{ data: { id: number; game_code: string }[] }>(
      await t.app.inject({
        method: 'GET',
        url: '/api/admin/games?keyword=pg-rabbit',
        headers: ops.admin.auth,
      }),
    ).result.data[0]!;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/games/${found.id}`,
      headers: ops.admin.auth,
      payload: { name_zh: '金钱兔2', name_en: 'Rabbit Riches', reason: 'new names' },
    });
    expect(body(res).result).toMatchObject({ name_zh: '金钱兔2', name_en: 'Rabbit Riches' });
    expect((await get<Page>('/api/plat/game?keyword=pg-rabbit', EN)).data[0]!.name).toBe('Rabbit Riches');
    expect((await get<Page>('/api/plat/game?keyword=pg-rabbit', ZH)).data[0]!.name).toBe('金钱兔2');
  });
});
