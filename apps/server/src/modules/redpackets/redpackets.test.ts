import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyRedPacket } from '@koi/fair';
import { toMicro, formatMicro } from '@koi/ledger';
import type {
  AdminRedPacketDetail,
  RedPacketDetail,
  RedPacketGrabResult,
  RedPacketRoom,
} from '@koi/contract';
import { body, fundedPlayer, postForm, useTestApp } from '../../../test/app';
import { TEST_REDIS_URL } from '../../../test/servers';
import { ROOM_TERMS } from './redpackets.fixtures';
import { signedInOperator } from '../operators/operators.fixtures';
import { createBalanceHub } from '../events/events.hub';

/** The red-packet API end to end: every rule refused with its message, the packet's life, the console, the stream. */
describe('red packets over HTTP', () => {
  const t = useTestApp();

  const player = (deposit?: string) => fundedPlayer(t, { deposit });
  const get = async <T>(auth: Record<string, string>, url: string) =>
    body<T>(await t.app.inject({ method: 'GET', url, headers: auth }));
  const post = async <T>(auth: Record<string, string>, url: string, payload: object) =>
    body<T>(await t.app.inject({ method: 'POST', url, headers: auth, payload }));

  async function rooms(auth: Record<string, string>) {
    return (await get<RedPacketRoom[]>(auth, '/api/redpacket/rooms')).result;
  }
  const send = (auth: Record<string, string>, fields: Record<string, unknown>) =>
    post<RedPacketDetail>(auth, '/api/redpacket/send', {
      total: '10',
      shares: '5',
      mine_digit: '',
      client_seed: 'my seed',
      idempotency_key: randomUUID(),
      ...fields,
    });

  it('lists the two demo rooms with their terms', async () => {
    const p = await player();
    const list = await rooms(p.auth);
    expect(list.map((r) => [r.min_stake, r.max_stake, r.mine_multiple, r.fee_rate])).toEqual([
      ['1.000000', '100.000000', '1', '5'],
      ['10.000000', '1000.000000', '1.8', '5'],
    ]);
  });

  it('refuses every bad send with its own message', async () => {
    const p = await player('50');
    const [room] = await rooms(p.auth);
    // Each refusal once, with the sends that earn it.
    const refusals: [number, string, Record<string, unknown>[]][] = [
      [9001, '红包房间不存在或已关闭', [{ room_id: 999_999 }]],
      [9002, '红包金额须为正数，最多两位小数', [{ total: 'abc' }, { total: '1.234' }, { total: '0' }]],
      [9003, '本房间红包金额须在1至100 USDT之间', [{ total: '0.5' }, { total: '100.01' }]],
      [9004, '本房间红包份数须为5至10之间的整数', [{ shares: '4' }, { shares: '11' }, { shares: 'five' }]],
      [9005, '雷号须为1到9的一位数字，或不设雷', [{ mine_digit: '0' }, { mine_digit: '12' }]],
      [9006, '客户端种子须为1到64个可见字符', [{ client_seed: ' leading space' }]],
      [9007, '余额不足：发送该红包需要60 USDT', [{ total: '60' }]],
      [9015, '请求编号不能为空', [{ idempotency_key: '  ' }]],
    ];
    for (const [code, message, sends] of refusals) {
      for (const fields of sends) {
        const res = await send(p.auth, { room_id: room!.id, ...fields });
        expect([res.code, res.error?.message], JSON.stringify(fields)).toEqual([code, message]);
      }
    }
    const key = randomUUID();
    const first = await send(p.auth, { room_id: room!.id, idempotency_key: key });
    expect(first.code).toBe(200);
    const again = await send(p.auth, { room_id: room!.id, idempotency_key: key });
    expect(again.result.id).toBe(first.result.id);
    const other = await send(p.auth, { room_id: room!.id, idempotency_key: key, total: '11' });
    expect([other.code, other.error?.message]).toEqual([9008, '该请求编号已用于另一个不同的红包']);
    // English when the request prefers it.
    const en = body(
      await t.app.inject({
        method: 'POST',
        url: '/api/redpacket/send',
        headers: { ...p.auth, 'accept-language': 'en' },
        payload: {
          room_id: room!.id,
          total: '0.5',
          shares: '5',
          mine_digit: '',
          client_seed: '',
          idempotency_key: 'x',
        },
      }),
    );
    expect(en.error?.message).toBe('In this room a packet holds between 1 and 100 USDT');
  });

  it('runs a packet from send to close: seed hidden, grabs in order, every refusal, then a split anyone can verify', async () => {
    const sender = await player('100');
    const [room] = await rooms(sender.auth);
    const sent = await send(sender.auth, { room_id: room!.id, total: '10', shares: '5', mine_digit: '3' });
    expect(sent.code).toBe(200);
    const packet = sent.result;
    expect(packet).toMatchObject({
      state: 'open',
      grabbed: 0,
      shares: 5,
      mine_digit: 3,
      server_seed: null,
      is_mine: true,
    });
    expect(packet.server_seed_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(packet.mine_payment).toBe('10.000000');

    const own = await post(sender.auth, '/api/redpacket/grab', { packet_id: packet.id });
    expect([own.code, own.error?.message]).toEqual([9013, '不能抢自己发的红包']);
    const missing = await post(sender.auth, '/api/redpacket/grab', { packet_id: 987_654 });
    expect([missing.code, missing.error?.message]).toEqual([9009, '红包不存在']);
    const broke = await player('9.99');
    const refused = await post(broke.auth, '/api/redpacket/grab', { packet_id: packet.id });
    expect([refused.code, refused.error?.message]).toEqual([
      9014,
      '余额不足：抢此红包需可用余额至少10 USDT（中雷时的赔付金额，红包结束前冻结）',
    ]);

    const grabbers = await Promise.all(Array.from({ length: 5 }, () => player('20')));
    const first = await post<RedPacketGrabResult>(grabbers[0]!.auth, '/api/redpacket/grab', {
      packet_id: packet.id,
    });
    expect(first.result).toMatchObject({ seq: 1, repeated: false });
    const repeat = await post<RedPacketGrabResult>(grabbers[0]!.auth, '/api/redpacket/grab', {
      packet_id: packet.id,
    });
    expect(repeat.result).toMatchObject({ seq: 1, repeated: true, share: first.result.share });
    const open = await get<RedPacketDetail>(grabbers[1]!.auth, `/api/redpacket/packets/${packet.id}`);
    expect(open.result.server_seed).toBeNull();
    expect(open.result.grabs[0]!.player).toMatch(/^.{2}\*\*\*.$/);

    for (const g of grabbers.slice(1)) {
      expect((await post(g.auth, '/api/redpacket/grab', { packet_id: packet.id })).code).toBe(200);
    }
    const late = await player('20');
    const tooLate = await post(late.auth, '/api/redpacket/grab', { packet_id: packet.id });
    expect([tooLate.code, tooLate.error?.message]).toEqual([9010, '红包已结束']);

    const closed = (await get<RedPacketDetail>(grabbers[2]!.auth, `/api/redpacket/packets/${packet.id}`))
      .result;
    expect(closed).toMatchObject({
      state: 'closed',
      close_reason: 'all_grabbed',
      grabbed: 5,
      refunded: '0.000000',
      my_seq: 3,
    });
    const verified = verifyRedPacket({
      serverSeed: closed.server_seed!,
      serverSeedHash: closed.server_seed_hash,
      clientSeed: closed.client_seed,
      packetId: closed.id,
      totalMicro: toMicro(closed.total),
      shares: closed.shares,
    });
    expect(verified.ok && verified.value.map((m) => formatMicro(m))).toEqual(
      closed.grabs.map((g) => g.share),
    );
    for (const g of closed.grabs) {
      expect(g.share_shown).toBe(g.share.slice(0, -4));
      expect(g.mine_hit).toBe(g.share_shown.endsWith('3'));
    }

    const sentList = await get<{ data: RedPacketDetail[]; total: number }>(
      sender.auth,
      '/api/redpacket/history?kind=sent',
    );
    expect(sentList.result.data.map((d) => d.id)).toContain(packet.id);
    const grabbedList = await get<{ data: RedPacketDetail[] }>(
      grabbers[4]!.auth,
      '/api/redpacket/history?kind=grabbed',
    );
    expect(grabbedList.result.data.map((d) => [d.id, d.my_seq])).toEqual([[packet.id, 5]]);
    const feed = await get<RedPacketDetail[]>(late.auth, `/api/redpacket/rooms/${room!.id}/feed`);
    expect(feed.result.map((d) => d.id)).toContain(packet.id);
    const badFeed = await get(late.auth, '/api/redpacket/rooms/999999/feed');
    expect(badFeed.code).toBe(9001);
  });

  it('refuses a grab once the packet has expired', async () => {
    const sender = await player('100');
    const [room] = await rooms(sender.auth);
    const packet = (await send(sender.auth, { room_id: room!.id, total: '5' })).result;
    const g = await player('1');
    expect((await post(g.auth, '/api/redpacket/grab', { packet_id: packet.id })).code).toBe(200);
    t.clock.advance(room!.lifetime_seconds * 1000 + 1);
    const other = await player('1');
    const expired = await post(other.auth, '/api/redpacket/grab', { packet_id: packet.id });
    expect([expired.code, expired.error?.message]).toEqual([9011, '红包已过期']);
  });

  it('refuses a grab by a player who excluded themselves, from the standing their session check read', async () => {
    const sender = await player('100');
    const [room] = await rooms(sender.auth);
    const packet = (await send(sender.auth, { room_id: room!.id, total: '5' })).result;
    const g = await player('1');
    expect((await post(g.auth, '/api/plat/self-exclude', { period: '24h' })).code).toBe(200);
    // Self-exclusion signs every session out; signing in again is allowed (to withdraw), grabbing is not.
    const res = await postForm(t.app, '/api/home/login', {
      username: g.username,
      password: g.password,
      captcha: '',
      device: '',
    });
    const back = { authorization: `Bearer ${body<{ token: string }>(res).result.token}` };
    const refused = await post(back, '/api/redpacket/grab', { packet_id: packet.id });
    expect(refused.code).toBe(1012);
    expect(
      (await get<RedPacketDetail>(sender.auth, `/api/redpacket/packets/${packet.id}`)).result.grabbed,
    ).toBe(0);
  });

  it('lets the console create, edit and close rooms (audited, every rule checked) and read packets without seeds', async () => {
    const op = await signedInOperator(t, 'admin');
    const create = (fields: Record<string, unknown>) =>
      post<{ id: number; enabled: boolean }>(op.auth, '/api/admin/redpacket/rooms', {
        name: '测试房',
        ...ROOM_TERMS,
        ...fields,
      });
    const bad: [Record<string, unknown>, string][] = [
      [{ name: '' }, '房间名称须为1–32个字符'],
      [{ min_stake: '0' }, '最低金额须为正数，最多两位小数'],
      [{ min_stake: '60' }, '最低金额不能高于最高金额'],
      [{ shares_min: 4 }, '份数须在5到10之间，且最少不大于最多'],
      [{ shares_max: 11 }, '份数须在5到10之间，且最少不大于最多'],
      [{ min_stake: '0.05' }, '最低金额须至少为每份0.01 USDT（0.08 USDT）'],
      [{ mine_multiple: '11' }, '中雷倍数须在0.1到10之间，最多两位小数'],
      [{ fee_rate: '51' }, '手续费比例须在0到50（%）之间，最多两位小数'],
      [{ lifetime_seconds: 30 }, '红包有效期须在60到86400秒之间'],
    ];
    for (const [fields, reason] of bad) {
      const res = await create(fields);
      expect([res.code, res.error?.message], JSON.stringify(fields)).toEqual([
        9050,
        `红包房间设置不正确：${reason}`,
      ]);
    }
    const made = await create({ reason: 'new room' });
    expect(made.code).toBe(200);
    const closedRoom = await post<{ enabled: boolean }>(
      op.auth,
      `/api/admin/redpacket/rooms/${made.result.id}`,
      {
        enabled: 0,
        reason: 'closing',
      },
    );
    expect(closedRoom.result.enabled).toBe(false);
    const audit = await get<{ data: { action: string; target_id: string }[] }>(
      op.auth,
      '/api/admin/audit?target=redpacket_room',
    );
    expect(audit.result.data.map((a) => a.action)).toEqual(
      expect.arrayContaining(['redpacket.room_create', 'redpacket.room_update']),
    );
    const p = await player('20');
    expect((await rooms(p.auth)).map((r) => r.id)).not.toContain(made.result.id);
    const refused = await send(p.auth, { room_id: made.result.id, total: '5' });
    expect(refused.code).toBe(9001);

    const [room] = await rooms(p.auth);
    const packet = (await send(p.auth, { room_id: room!.id, total: '5' })).result;
    const list = await get<{ data: { id: number; sender: string }[] }>(
      op.auth,
      '/api/admin/redpacket/packets?state=open',
    );
    expect(list.result.data.map((r) => r.id)).toContain(packet.id);
    const detail = await get<AdminRedPacketDetail>(op.auth, `/api/admin/redpacket/packets/${packet.id}`);
    expect(detail.result).toMatchObject({ server_seed: null, sender_username: p.username });
    // A viewer can look at rooms but not change them.
    const viewer = await signedInOperator(t, 'viewer');
    expect((await get(viewer.auth, '/api/admin/redpacket/rooms')).code).toBe(200);
    expect(
      (await post(viewer.auth, `/api/admin/redpacket/rooms/${made.result.id}`, { enabled: 1 })).code,
    ).toBe(6005);
  });

  it('announces sends and grabs on the room topic of the events stream', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const sender = await player('100');
    const watcher = await player('20');
    const [room] = await rooms(sender.auth);
    const bad = await fetch(`${base}/api/plat/events?topic=${encodeURIComponent('Bad Topic!')}`, {
      headers: watcher.auth,
    });
    expect(bad.status).toBe(400);
    const controller = new AbortController();
    const res = await fetch(`${base}/api/plat/events?topic=redpacket.room.${room!.id}`, {
      headers: watcher.auth,
      signal: controller.signal,
    });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const until = async (needle: string) => {
      const deadline = Date.now() + 5_000;
      while (!text.includes(needle)) {
        if (Date.now() > deadline) throw new Error(`no ${needle} in ${text}`);
        const { value } = await reader.read();
        text += decoder.decode(value, { stream: true });
      }
    };
    await until(': connected');
    const packet = (await send(sender.auth, { room_id: room!.id, total: '5' })).result;
    await until(`"type":"sent","room_id":${room!.id},"packet_id":${packet.id}`);
    await post(watcher.auth, '/api/redpacket/grab', { packet_id: packet.id });
    await until(`"type":"grabbed","room_id":${room!.id},"packet_id":${packet.id}`);
    expect(text).toContain('event: redpacket');
    controller.abort();
  });
});

describe('room topics across nodes', () => {
  it('delivers a topic event published on one node to a listener on another through Redis', async () => {
    const log = { warn: () => undefined };
    const a = createBalanceHub({ redisUrl: TEST_REDIS_URL, log });
    const b = createBalanceHub({ redisUrl: TEST_REDIS_URL, log });
    await Promise.all([a.ready(), b.ready()]);
    const got: unknown[] = [];
    const topic = `redpacket.room.${Date.now()}`;
    const off = b.subscribeTopic(topic, (event, data) => got.push([event, data]));
    a.publishTopic(topic, 'redpacket', { type: 'sent', room_id: 1, packet_id: 2 });
    const deadline = Date.now() + 3_000;
    while (got.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(got).toEqual([['redpacket', { type: 'sent', room_id: 1, packet_id: 2 }]]);
    off();
    a.close();
    b.close();
  });
});
