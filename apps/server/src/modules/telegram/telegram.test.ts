import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, formatErrorMessage } from '@koi/contract';
import type { TelegramConfig } from '../../config';
import { players } from '../../db/schema';
import { manualClock } from '../../lib/clock';
import { body, createTestApp, postForm, signUp, type TestApp } from '../../../test/app';
import { freePort, startSandbox, type RunningSandbox } from '../../../test/sim';
import { createTelegramBot } from './telegram.bot';
import { createTelegramService } from './telegram.service';

const BOT = { username: 'KoiTestBot', token: '5000000001:AAH-token-of-the-koi-test-bot_0123' };
const OTHER_BOT = { username: 'OtherTestBot', token: '5000000002:AAH-token-of-another-test-bot_99' };
/** The sandbox's default users (apps/sandbox/src/telegram/store.ts). */
const LI_LEI = 7_000_000_001;
const HAN = 7_000_000_002;
const ALICE = 7_000_000_003;
const MINI_APP = 'http://localhost:5199';

let sb: RunningSandbox;
let t: TestApp;
let koiUrl: string;
let telegram: TelegramConfig;

beforeAll(async () => {
  sb = await startSandbox({
    env: { TELEGRAM_BOTS: [BOT, OTHER_BOT].map((b) => `${b.username}=${b.token}`).join(',') },
  });
  const port = await freePort();
  koiUrl = `http://127.0.0.1:${port}`;
  telegram = {
    token: BOT.token,
    botName: BOT.username,
    apiUrl: sb.url,
    webhookUrl: `${koiUrl}/api/telegram/webhook`,
    webhookSecret: 'webhook-secret-for-tests_0123',
    miniAppUrl: MINI_APP,
    frameAncestors: ['https://web.telegram.org'],
  };
  // The demo sign-up bonus shows that a Telegram registration runs the same creation hooks as the web form.
  t = await createTestApp({ telegram, demoSignupBonus: '100' });
  await t.app.listen({ port, host: '127.0.0.1' });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await sb?.stop();
});

/** Launch data the sandbox signs for `user` (as if they opened Koi's button now, or at `authDate`). */
async function launch(user: number, opts: { bot?: string; authDate?: number } = {}): Promise<string> {
  const res = (await sb.control('/control/telegram/init-data', {
    body: {
      bot: opts.bot ?? BOT.username,
      user_id: user,
      ...(opts.authDate ? { auth_date: opts.authDate } : {}),
    },
  })) as { init_data: string };
  return res.init_data;
}

const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000);

async function signIn(initData: string, fields: { code?: string; age?: boolean } = {}) {
  const res = await postForm(t.app, '/api/telegram/sign-in', {
    init_data: initData,
    code: fields.code ?? '',
    age_confirmed: fields.age ? 1 : 0,
    device: 'tg-device',
  });
  return body<{ code: string; registered: boolean; username: string }>(res);
}

/** Trades the one-time code for a session and answers who it signs in (name and balance). */
async function whoIs(code: string) {
  const exchange = await postForm(t.app, '/api/home/sign-in-link/exchange', { code, device: 'tg-device' });
  const token = body<{ token: string }>(exchange).result.token;
  const info = await t.app.inject({
    method: 'POST',
    url: '/api/plat/info',
    headers: { authorization: `Bearer ${token}` },
  });
  return body<{ player_name: string; balance: string }>(info).result;
}

async function inviterOf(username: string) {
  const [row] = await t.database.db
    .select({ inviterId: players.inviterId })
    .from(players)
    .where(eq(players.username, username));
  return row?.inviterId ?? null;
}

async function playerId(username: string) {
  const [row] = await t.database.db
    .select({ id: players.id })
    .from(players)
    .where(eq(players.username, username));
  return row!.id;
}

async function inviteCodeOf(auth: Record<string, string>) {
  const info = await t.app.inject({ method: 'POST', url: '/api/plat/info', headers: auth });
  return body<{ invite_code: string }>(info).result.invite_code;
}

const codeOf = (key: keyof typeof ERRORS) => ERRORS[key].code;

describe('Mini App sign-in (decision 37)', () => {
  it('refuses forged, altered, other-bot, expired, future-dated and malformed launch data with clear messages', async () => {
    const genuine = await launch(ALICE);
    const forged = new URLSearchParams(genuine);
    forged.set('user', forged.get('user')!.replace(String(ALICE), String(LI_LEI)));
    const forgedRes = await signIn(forged.toString(), { age: true });
    expect(forgedRes.code).toBe(codeOf('TELEGRAM_INIT_DATA_INVALID'));
    expect(forgedRes.message).toBe(formatErrorMessage('TELEGRAM_INIT_DATA_INVALID', 'zh-CN'));

    const madeUpHash = new URLSearchParams(genuine);
    madeUpHash.set('hash', 'a'.repeat(64));
    expect((await signIn(madeUpHash.toString(), { age: true })).code).toBe(
      codeOf('TELEGRAM_INIT_DATA_INVALID'),
    );

    // Genuine launch data, but signed with another bot's token.
    const otherBot = await launch(ALICE, { bot: OTHER_BOT.username });
    expect((await signIn(otherBot, { age: true })).code).toBe(codeOf('TELEGRAM_INIT_DATA_INVALID'));

    const expired = await signIn(await launch(ALICE, { authDate: nowSeconds() - 301 }), { age: true });
    expect(expired.code).toBe(codeOf('TELEGRAM_INIT_DATA_EXPIRED'));
    expect(expired.message).toBe('Telegram 登录数据已超过5分钟，请在 Telegram 中重新打开');
    // Just inside the five minutes still passes the age check (and fails only for the missing confirmation).
    const fresh = await signIn(await launch(ALICE, { authDate: nowSeconds() - 290 }));
    expect(fresh.code).toBe(codeOf('TELEGRAM_AGE_REQUIRED'));

    const future = await signIn(await launch(ALICE, { authDate: nowSeconds() + 3600 }), { age: true });
    expect(future.code).toBe(codeOf('TELEGRAM_INIT_DATA_INVALID'));

    expect((await signIn('not launch data', { age: true })).code).toBe(codeOf('TELEGRAM_INIT_DATA_INVALID'));
    const empty = await postForm(t.app, '/api/telegram/sign-in', { init_data: '' });
    expect(empty.statusCode).toBe(400);
    // Nothing of the above created a player.
    expect(await inviterOf('tg_alice_tg')).toBeNull();
    const [row] = await t.database.db.select().from(players).where(eq(players.username, 'tg_alice_tg'));
    expect(row).toBeUndefined();
  });

  it('registers on first use with the inviter, signs the same player in afterwards, and accepts each launch data once', async () => {
    const inviter = await signUp(t.app);
    const code = await inviteCodeOf(inviter.auth);
    const first = await launch(LI_LEI);

    // First use without the 18+ confirmation: asked for it, and the launch data is not spent by asking.
    expect((await signIn(first, { code })).code).toBe(codeOf('TELEGRAM_AGE_REQUIRED'));
    const registered = await signIn(first, { code, age: true });
    expect(registered.code).toBe(200);
    expect(registered.result).toMatchObject({ registered: true, username: 'tg_li_lei' });
    expect(registered.result.code).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(await whoIs(registered.result.code)).toEqual(
      expect.objectContaining({ player_name: 'tg_li_lei', balance: '100.0000' }),
    );
    expect(await inviterOf('tg_li_lei')).toBe(await playerId(inviter.username));

    // The same launch data again is a replay, whatever else the request says.
    const replay = await signIn(first, { code, age: true });
    expect(replay.code).toBe(codeOf('TELEGRAM_INIT_DATA_REPLAYED'));
    expect(replay.message).toBe(formatErrorMessage('TELEGRAM_INIT_DATA_REPLAYED', 'zh-CN'));

    // A later launch signs in the same player; another invite code changes nothing.
    const other = await signUp(t.app);
    const again = await signIn(await launch(LI_LEI), { code: await inviteCodeOf(other.auth) });
    expect(again.result).toMatchObject({ registered: false, username: 'tg_li_lei' });
    expect((await whoIs(again.result.code)).player_name).toBe('tg_li_lei');
    expect(await inviterOf('tg_li_lei')).toBe(await playerId(inviter.username));
  });

  it('spends one launch data once when many requests race with it', async () => {
    const data = await launch(LI_LEI);
    const answers = await Promise.all(Array.from({ length: 20 }, () => signIn(data)));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.code === codeOf('TELEGRAM_INIT_DATA_REPLAYED'))).toHaveLength(19);
  });

  it('refuses an unknown invite code on first use, and picks another name when the derived one is taken', async () => {
    const data = await launch(HAN);
    expect((await signIn(data, { code: 'NOPE1234', age: true })).code).toBe(codeOf('INVITE_CODE_INVALID'));
    // Someone registered "tg_han_meimei" on the web: the Telegram user gets the name made of their id.
    await signUp(t.app, 'tg_han_meimei');
    const res = await signIn(data, { age: true });
    expect(res.result).toMatchObject({ registered: true, username: `tg_${HAN}` });
    expect(await inviterOf(`tg_${HAN}`)).toBeNull();
  });

  it('gives the invite link of decision 26 only for a well-formed code, and nothing without a bot', async () => {
    const unused = async () => {
      throw new Error('not used by botStartLink');
    };
    const port = { registerVouched: unused, inviterIdOf: unused, identity: unused };
    const make = (config: TelegramConfig | null) =>
      createTelegramService({
        db: t.database.db,
        telegram: config,
        clock: t.clock,
        auth: port,
        links: { issue: unused },
      });
    expect(make(telegram).botStartLink('Ab3_x-9Z')).toBe('https://t.me/KoiTestBot?start=Ab3_x-9Z');
    expect(make(telegram).botStartLink('bad code!')).toBeNull();
    expect(make(telegram).botStartLink('a'.repeat(65))).toBeNull();
    expect(make(null).botStartLink('Ab3_x-9Z')).toBeNull();

    const off = await createTestApp();
    try {
      const res = await postForm(off.app, '/api/telegram/sign-in', {
        init_data: await launch(ALICE),
        age_confirmed: 1,
      });
      expect(body(res).code).toBe(codeOf('TELEGRAM_NOT_CONFIGURED'));
      const webhook = await off.app.inject({ method: 'POST', url: '/api/telegram/webhook', payload: {} });
      expect(webhook.statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});

/** A message of the sandbox chat, with the inline keyboard the bot sent (if any). */
interface ChatMessage {
  from: string;
  text: string;
  message_id: number;
  reply_markup?: { inline_keyboard: { text: string; web_app?: { url: string } }[][] };
}

/** The sandbox chat between `user` and the bot. */
async function chat(user: number): Promise<ChatMessage[]> {
  const res = await fetch(`${sb.url}/telegram/chat/state?bot=${BOT.username}&user=${user}`);
  return ((await res.json()) as { messages: ChatMessage[] }).messages;
}

/** A user writes to the bot on the sandbox chat page; answers the bot's reply once it arrives. */
async function say(user: number, text: string) {
  const before = (await chat(user)).length;
  const sent = await fetch(`${sb.url}/telegram/chat/send`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ bot: BOT.username, user, text }),
  });
  expect(sent.status).toBe(200);
  for (let i = 0; i < 200; i += 1) {
    const messages = await chat(user);
    const reply = messages.slice(before).find((m) => m.from === 'bot');
    if (reply) return reply;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`the bot did not answer ${text}`);
}

describe('the bot (grammY, webhook mode, through the sandbox Bot API)', () => {
  it('sets its webhook with the secret token at start, idempotently', async () => {
    const clock = manualClock(new Date());
    // The job's work (jobs are off in tests): the first tick calls setWebhook, the next ones within ten
    // minutes do not; the clock moved past them, it sets it again.
    const bot = createTelegramBot({
      telegram,
      service: { startReply: async () => ({ text: '', button: null }), hint: () => '' },
      clock,
      log: t.app.log,
    });
    expect(await bot.ensureWebhook()).toBe(1);
    expect(await bot.ensureWebhook()).toBe(0);
    clock.advance(11 * 60_000);
    expect(await bot.ensureWebhook()).toBe(1);
    const info = (await (await fetch(`${sb.url}/bot${BOT.token}/getWebhookInfo`)).json()) as {
      result: { url: string; allowed_updates: string[] };
    };
    expect(info.result).toMatchObject({ url: telegram.webhookUrl, allowed_updates: ['message'] });
  });

  it('answers /start <invite code> with a web_app button that opens the Mini App with the code, and the sign-in registers the invitee', async () => {
    const inviter = await signUp(t.app);
    const code = await inviteCodeOf(inviter.auth);
    const reply = await say(ALICE, `/start ${code}`);
    expect(reply.text).toContain(code);
    expect(reply.text).toMatch(/^Welcome to Koi/); // Alice's Telegram speaks English
    const button = reply.reply_markup!.inline_keyboard[0]![0];
    expect(button).toEqual({ text: 'Open Koi', web_app: { url: `${MINI_APP}/tg?code=${code}` } });

    // Opening the button the way a Telegram client does: launch data in the fragment of the button's URL.
    const opened = await fetch(`${sb.url}/telegram/chat/open`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ bot: BOT.username, user: ALICE, message_id: reply.message_id, row: 0, col: 0 }),
    });
    const url = new URL(((await opened.json()) as { url: string }).url);
    const initData = new URLSearchParams(url.hash.slice(1)).get('tgWebAppData')!;
    const res = await signIn(initData, { code: url.searchParams.get('code')!, age: true });
    expect(res.result).toMatchObject({ registered: true, username: 'tg_alice_tg' });
    expect(await inviterOf('tg_alice_tg')).toBe(await playerId(inviter.username));
  });

  it('refuses a /start payload with bad characters, one too long, and an unknown invite code, with no button', async () => {
    const bad = await say(LI_LEI, '/start abc!<def>');
    expect(bad.text).toBe(formatErrorMessage('TELEGRAM_START_PAYLOAD_INVALID', 'zh-CN'));
    expect(bad.reply_markup).toBeUndefined();
    const long = await say(LI_LEI, `/start ${'a'.repeat(65)}`);
    expect(long.text).toBe(formatErrorMessage('TELEGRAM_START_PAYLOAD_INVALID', 'zh-CN'));
    expect(long.reply_markup).toBeUndefined();
    const unknown = await say(LI_LEI, `/start ${'a'.repeat(64)}`);
    expect(unknown.text).toBe(formatErrorMessage('TELEGRAM_START_INVITE_UNKNOWN', 'zh-CN'));
    expect(unknown.reply_markup).toBeUndefined();
    // /start alone opens the Mini App without an inviter; other text gets a hint.
    const plain = await say(LI_LEI, '/start');
    expect(plain.reply_markup!.inline_keyboard[0]![0]!.web_app!.url).toBe(`${MINI_APP}/tg`);
    expect((await say(LI_LEI, '你好')).text).toBe('发送 /start 即可打开 Koi。');
  });

  it('refuses a webhook delivery without the right secret token', async () => {
    const update = {
      update_id: 1,
      message: {
        message_id: 1,
        date: nowSeconds(),
        chat: { id: LI_LEI, type: 'private', first_name: 'x' },
        from: { id: LI_LEI, is_bot: false, first_name: 'x' },
        text: '/start',
        entities: [{ offset: 0, length: 6, type: 'bot_command' }],
      },
    };
    const post = (headers: Record<string, string>) =>
      fetch(`${koiUrl}/api/telegram/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(update),
      });
    const before = (await chat(LI_LEI)).length;
    expect((await post({})).status).toBe(401);
    expect((await post({ 'x-telegram-bot-api-secret-token': 'wrong-secret-token_0123456' })).status).toBe(
      401,
    );
    expect((await post({ 'x-telegram-bot-api-secret-token': `${telegram.webhookSecret}x` })).status).toBe(
      401,
    );
    // Nothing reached the bot: it sent no message.
    expect((await chat(LI_LEI)).length).toBe(before);
    expect((await post({ 'x-telegram-bot-api-secret-token': telegram.webhookSecret })).status).toBe(200);
  });
});

describe('framing by Telegram web clients', () => {
  it('lets the listed Telegram origin frame the player app, and nobody frame the console', async () => {
    const player = await t.app.inject({ method: 'GET', url: '/tg?code=abc' });
    expect(player.headers['content-security-policy']).toContain(
      "frame-ancestors 'self' https://web.telegram.org",
    );
    expect(player.headers['x-frame-options']).toBeUndefined();
    for (const url of ['/admin/', '/admin', '/api/admin/me']) {
      const console = await t.app.inject({ method: 'GET', url });
      expect(console.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(console.headers['content-security-policy'], url).toContain("frame-ancestors 'self'");
      expect(console.headers['content-security-policy'], url).not.toContain('telegram');
    }
  });
});
