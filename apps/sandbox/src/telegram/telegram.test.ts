import { validate } from '@tma.js/init-data-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  loopbackReceiver,
  OTHER_TELEGRAM_BOT,
  TELEGRAM_BOT,
  testSandbox,
  until,
  type TestSandbox,
} from '../testing';
import { dataCheckString, initDataHash } from './init-data';
import { DEFAULT_USERS } from './store';

const LI_LEI = DEFAULT_USERS[0]!;
const HAN = DEFAULT_USERS[1]!;

/** A webhook receiver on loopback that records every delivery. */
const receiver = () => loopbackReceiver<any>('/hook'); // eslint-disable-line @typescript-eslint/no-explicit-any

describe('the sandbox Telegram Bot API', () => {
  let sb: TestSandbox;
  beforeAll(async () => {
    sb = await testSandbox();
  });
  afterAll(() => sb.close());

  const call = (method: string, params?: unknown, token = TELEGRAM_BOT.token) =>
    fetch(`${sb.url}/bot${token}/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(params ?? {}),
    }).then(sb.json);
  const page = (path: string, body: unknown) =>
    fetch(`${sb.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then(sb.json);

  it('answers getMe for a configured token and Unauthorized for any other, in Telegram’s shapes', async () => {
    expect(await call('getMe')).toEqual({
      status: 200,
      body: {
        ok: true,
        result: expect.objectContaining({ id: 5000000001, is_bot: true, username: 'KoiTestBot' }),
      },
    });
    expect(await call('getMe', {}, '5000000009:AAH-unknown-token-unknown-token-0')).toEqual({
      status: 401,
      body: { ok: false, error_code: 401, description: 'Unauthorized' },
    });
    // The same call as a form and through the query string, as Telegram accepts them.
    const form = await fetch(`${sb.url}/bot${TELEGRAM_BOT.token}/getMe`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    }).then(sb.json);
    expect(form.body.result.username).toBe('KoiTestBot');
    expect((await call('noSuchMethod')).body).toEqual({
      ok: false,
      error_code: 404,
      description: 'Not Found: method not found',
    });
  });

  it('queues a user’s /start for getUpdates as an Update, and an offset confirms it', async () => {
    await page('/telegram/chat/send', { bot: 'KoiTestBot', user: LI_LEI.id, text: '/start inv_ABC-123' });
    const first = await call('getUpdates', { timeout: 0 });
    expect(first.body.ok).toBe(true);
    const update = first.body.result.at(-1);
    expect(update).toEqual({
      update_id: expect.any(Number),
      message: {
        message_id: 1,
        from: {
          id: LI_LEI.id,
          is_bot: false,
          first_name: '李雷',
          username: 'li_lei',
          language_code: 'zh-hans',
        },
        chat: { id: LI_LEI.id, type: 'private', first_name: '李雷', username: 'li_lei' },
        date: expect.any(Number),
        text: '/start inv_ABC-123',
        entities: [{ offset: 0, length: 6, type: 'bot_command' }],
      },
    });
    const after = await call('getUpdates', { offset: update.update_id + 1, timeout: 0 });
    expect(after.body.result).toEqual([]);
    // A long poll returns as soon as an update arrives.
    const polling = call('getUpdates', { offset: update.update_id + 1, timeout: 5 });
    await page('/telegram/chat/send', { bot: 'KoiTestBot', user: LI_LEI.id, text: 'hello' });
    expect((await polling).body.result.map((u: any) => u.message.text)).toEqual(['hello']); // eslint-disable-line @typescript-eslint/no-explicit-any
  });

  it('sends messages with inline keyboards to users who wrote first, and refuses malformed ones', async () => {
    const markup = {
      inline_keyboard: [[{ text: '打开 Koi', web_app: { url: 'http://localhost:8080/tg?code=AB12' } }]],
    };
    const sent = await call('sendMessage', { chat_id: LI_LEI.id, text: '欢迎', reply_markup: markup });
    expect(sent.body).toEqual({
      ok: true,
      result: expect.objectContaining({
        message_id: expect.any(Number),
        chat: expect.objectContaining({ id: LI_LEI.id, type: 'private' }),
        text: '欢迎',
        reply_markup: markup,
      }),
    });
    // reply_markup as a JSON string, as a form carries it.
    const asString = await call('sendMessage', {
      chat_id: LI_LEI.id,
      text: 'x',
      reply_markup: JSON.stringify(markup),
    });
    expect(asString.body.ok).toBe(true);
    expect((await call('sendMessage', { chat_id: HAN.id, text: 'hi' })).body).toEqual({
      ok: false,
      error_code: 403,
      description: "Forbidden: bot can't initiate conversation with a user",
    });
    expect((await call('sendMessage', { chat_id: 1, text: 'hi' })).body.description).toBe(
      'Bad Request: chat not found',
    );
    const twoKinds = { inline_keyboard: [[{ text: 'x', url: 'https://a.example', callback_data: 'y' }]] };
    expect(
      (await call('sendMessage', { chat_id: LI_LEI.id, text: 'x', reply_markup: twoKinds })).status,
    ).toBe(400);
    const state = await fetch(`${sb.url}/telegram/chat/state?bot=KoiTestBot&user=${LI_LEI.id}`).then(sb.json);
    expect(state.body.messages.map((m: { from: string; text: string }) => `${m.from}:${m.text}`)).toEqual([
      'user:/start inv_ABC-123',
      'user:hello',
      'bot:欢迎',
      'bot:x',
    ]);
  });

  it('opens a web_app button with launch data that @tma.js/init-data-node accepts for that bot only', async () => {
    const state = await fetch(`${sb.url}/telegram/chat/state?bot=KoiTestBot&user=${LI_LEI.id}`).then(sb.json);
    const withButton = state.body.messages.find((m: { reply_markup?: unknown }) => m.reply_markup);
    const opened = await page('/telegram/chat/open', {
      bot: 'KoiTestBot',
      user: LI_LEI.id,
      message_id: withButton.message_id,
      row: 0,
      col: 0,
    });
    const url = new URL(opened.body.url);
    expect(`${url.origin}${url.pathname}${url.search}`).toBe('http://localhost:8080/tg?code=AB12');
    const fragment = new URLSearchParams(url.hash.slice(1));
    expect(fragment.get('tgWebAppPlatform')).toBe('web');
    const initData = fragment.get('tgWebAppData')!;
    const fields = Object.fromEntries(new URLSearchParams(initData));
    expect(JSON.parse(fields.user!)).toMatchObject({ id: LI_LEI.id, username: 'li_lei' });
    expect(Math.abs(Number(fields.auth_date) - Date.now() / 1000)).toBeLessThan(5);
    // Independently of the sandbox's own code: the maintained library validates it with the bot's token...
    expect(() => validate(initData, TELEGRAM_BOT.token, { expiresIn: 300 })).not.toThrow();
    // ...and refuses it for another bot, and once a field is changed.
    expect(() => validate(initData, OTHER_TELEGRAM_BOT.token, { expiresIn: 300 })).toThrow();
    const tampered = new URLSearchParams(initData);
    tampered.set('user', fields.user!.replace('li_lei', 'han_meimei'));
    expect(() => validate(tampered, TELEGRAM_BOT.token, { expiresIn: 300 })).toThrow();
    // The data-check-string is every field but hash, sorted by key, joined by line feeds.
    expect(
      dataCheckString(fields)
        .split('\n')
        .map((l) => l.split('=')[0]),
    ).toEqual(['auth_date', 'chat_instance', 'chat_type', 'query_id', 'user']);
    expect(initDataHash(fields, TELEGRAM_BOT.token)).toBe(fields.hash);
    // Only a button the bot sent opens; a made-up one does not.
    expect(
      (
        await page('/telegram/chat/open', {
          bot: 'KoiTestBot',
          user: HAN.id,
          message_id: withButton.message_id,
          row: 0,
          col: 0,
        })
      ).status,
    ).toBe(404);
  });

  it('signs old launch data on request, which the library then finds expired', async () => {
    const old = Math.floor(Date.now() / 1000) - 600;
    const res = await sb.control('/control/telegram/init-data', {
      bot: 'KoiTestBot',
      user_id: HAN.id,
      auth_date: old,
    });
    expect(() => validate(res.body.init_data, TELEGRAM_BOT.token, { expiresIn: 0 })).not.toThrow();
    expect(() => validate(res.body.init_data, TELEGRAM_BOT.token, { expiresIn: 300 })).toThrow(/expired/i);
  });

  it('delivers updates to the webhook with the secret token header, in order, retrying a failure', async () => {
    const hook = await receiver();
    try {
      expect((await call('setWebhook', { url: hook.url, secret_token: 'bad token!' })).body).toEqual({
        ok: false,
        error_code: 400,
        description: 'Bad Request: secret token contains unallowed characters',
      });
      const set = await call('setWebhook', {
        url: hook.url,
        secret_token: 'Secret_token-1',
        drop_pending_updates: true,
      });
      expect(set.body).toEqual({ ok: true, result: true, description: 'Webhook was set' });
      expect(
        (await call('setWebhook', { url: hook.url, secret_token: 'Secret_token-1' })).body.description,
      ).toBe('Webhook is already set');
      expect((await call('getUpdates')).status).toBe(409);
      await page('/telegram/chat/send', { bot: 'KoiTestBot', user: HAN.id, text: '/start' });
      await until(() => hook.received.length === 1);
      expect(hook.received[0]!.headers['x-telegram-bot-api-secret-token']).toBe('Secret_token-1');
      expect(hook.received[0]!.body.message.text).toBe('/start');

      // A failing webhook gets the same update again until it answers 2xx; the next waits its turn.
      hook.answer(500);
      await page('/telegram/chat/send', { bot: 'KoiTestBot', user: HAN.id, text: 'one' });
      await page('/telegram/chat/send', { bot: 'KoiTestBot', user: HAN.id, text: 'two' });
      await until(() => hook.received.length >= 3);
      const info = await call('getWebhookInfo');
      expect(info.body.result).toMatchObject({ url: hook.url, pending_update_count: 2 });
      expect(info.body.result.last_error_message).toMatch(/500/);
      hook.answer(200);
      await until(() => hook.received.some((r) => r.body.message.text === 'two'), 8000);
      const texts = hook.received.map((r) => r.body.message.text);
      expect(texts.filter((t) => t === 'one').length).toBeGreaterThanOrEqual(2);
      expect(texts.indexOf('two')).toBeGreaterThan(texts.lastIndexOf('one'));
      expect((await call('deleteWebhook')).body.description).toBe('Webhook was deleted');
      expect((await call('getWebhookInfo')).body.result.url).toBe('');
    } finally {
      await hook.close();
    }
  });
});
