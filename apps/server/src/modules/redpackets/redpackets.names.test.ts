import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { RedPacketDetail, RedPacketRoom } from '@koi/contract';
import { body, fundedPlayer, useTestApp } from '../../../test/app';
import { ROOM_TERMS } from './redpackets.fixtures';
import { signedInOperator } from '../operators/operators.fixtures';
import { redPacketRooms } from './redpackets.schema';
import { seedRedPacketRooms } from './redpackets.seed';

/*
 * A red-packet room's name in the request's language: the same rooms in Chinese and in English, English
 * falling back to Chinese where an operator gave none, on the room list and on a packet of the room; the
 * console edits (and the audit keeps) both, and a re-seed fills in only what is still empty.
 */
const t = useTestApp();

const ZH = { 'accept-language': 'zh-CN,zh;q=0.9' };
const EN = { 'accept-language': 'en-US,en;q=0.9' };

const player = (deposit?: string) => fundedPlayer(t, { deposit });
const get = async <T>(url: string, headers: Record<string, string>) =>
  body<T>(await t.app.inject({ method: 'GET', url, headers })).result;
const post = async <T>(url: string, headers: Record<string, string>, payload: object) =>
  body<T>(await t.app.inject({ method: 'POST', url, headers, payload }));

describe('red-packet room names in the request language', () => {
  it('lists the same rooms in Chinese and in English, and names a packet’s room in each', async () => {
    const p = await player('20');
    const zh = await get<RedPacketRoom[]>('/api/redpacket/rooms', { ...p.auth, ...ZH });
    const en = await get<RedPacketRoom[]>('/api/redpacket/rooms', { ...p.auth, ...EN });
    expect(en.map((r) => r.id)).toEqual(zh.map((r) => r.id));
    expect(zh.map((r) => r.name)).toEqual(['新手房 1–100 USDT', '高倍房 10–1000 USDT']);
    expect(en.map((r) => r.name)).toEqual(['Starter Room 1–100 USDT', 'High Stakes Room 10–1000 USDT']);

    const sent = await post<RedPacketDetail>(
      '/api/redpacket/send',
      { ...p.auth, ...EN },
      {
        room_id: zh[0]!.id,
        total: '10',
        shares: '5',
        mine_digit: '',
        client_seed: 'seed',
        idempotency_key: randomUUID(),
      },
    );
    expect(sent.result.room_name).toBe('Starter Room 1–100 USDT');
    const seen = await get<RedPacketDetail>(`/api/redpacket/packets/${sent.result.id}`, { ...p.auth, ...ZH });
    expect(seen.room_name).toBe('新手房 1–100 USDT');
  });

  it('shows the Chinese name where the console gave no English, and audits the English an operator sets', async () => {
    const op = await signedInOperator(t, 'admin');
    const p = await player();
    const made = await post<{ id: number; name: string; name_en: string | null }>(
      '/api/admin/redpacket/rooms',
      op.auth,
      {
        name: '夜猫房',
        ...ROOM_TERMS,
      },
    );
    expect(made.result).toMatchObject({ name: '夜猫房', name_en: null });
    const named = async (headers: Record<string, string>) =>
      (await get<RedPacketRoom[]>('/api/redpacket/rooms', { ...p.auth, ...headers })).find(
        (r) => r.id === made.result.id,
      )!.name;
    expect(await named(EN)).toBe('夜猫房');

    const url = `/api/admin/redpacket/rooms/${made.result.id}`;
    const renamed = await post(url, op.auth, { name_en: ' Night Owls ', reason: 'English mode' });
    expect(renamed.result).toMatchObject({ name: '夜猫房', name_en: 'Night Owls' });
    expect(await named(EN)).toBe('Night Owls');
    expect(await named(ZH)).toBe('夜猫房');
    // An edit that leaves the English out keeps it; an empty one clears it.
    await post(url, op.auth, { sort: 9 });
    expect(await named(EN)).toBe('Night Owls');
    await post(url, op.auth, { name_en: '' });
    expect(await named(EN)).toBe('夜猫房');

    const audit = (
      await get<{ data: { before: unknown; after: unknown }[] }>(
        '/api/admin/audit?action=redpacket.room_update',
        op.auth,
      )
    ).data;
    expect(audit.at(-1)).toMatchObject({ before: { name_en: null }, after: { name_en: 'Night Owls' } });
    expect(audit[0]).toMatchObject({ before: { name_en: 'Night Owls' }, after: { name_en: null } });
  });

  it('re-seeding fills in only the English names still missing, never an operator’s', async () => {
    const db = t.database.db;
    await db.update(redPacketRooms).set({ nameEn: null }).where(eq(redPacketRooms.name, '新手房 1–100 USDT'));
    await db
      .update(redPacketRooms)
      .set({ nameEn: 'Big Room' })
      .where(eq(redPacketRooms.name, '高倍房 10–1000 USDT'));
    await seedRedPacketRooms(db);
    const rows = await db.select().from(redPacketRooms);
    expect(rows.find((r) => r.name === '新手房 1–100 USDT')!.nameEn).toBe('Starter Room 1–100 USDT');
    expect(rows.find((r) => r.name === '高倍房 10–1000 USDT')!.nameEn).toBe('Big Room');
  });
});
