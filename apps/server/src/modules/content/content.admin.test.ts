import { sql } from 'drizzle-orm';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { body, useTestApp } from '../../../test/app';
import { useOperators, type SignedInOperator } from '../operators/operators.fixtures';

let uploadsDir: string;
beforeAll(() => {
  uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koi-uploads-'));
});
afterAll(() => fs.rmSync(uploadsDir, { recursive: true, force: true }));
const t = useTestApp(() => ({ console: { ...testConfig().console, uploadsDir } }));
const ops = useOperators(t, { support: 'support', finance: 'finance' });

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
]);

function multipart(name: string, filename: string, type: string, data: Buffer) {
  const boundary = '----koi' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const upload = (op: SignedInOperator, data: Buffer, filename = 'a.png', type = 'image/png') => {
  const m = multipart('file', filename, type, data);
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/uploads',
    headers: { ...op.auth, ...m.headers },
    payload: m.payload,
  });
};
const setConfigItem = (op: SignedInOperator, id: number, content: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/config-items/${id}`,
    headers: op.auth,
    payload: { content },
  });

describe('content in the console', () => {
  it('edits a config item and players read the new text at once', async () => {
    const res = await setConfigItem(ops.support, 1, '系统维护通知：今晚 2 点');
    expect(body(res)).toMatchObject({ code: 200, result: { id: 1, content: '系统维护通知：今晚 2 点' } });
    const bulletin = body<{ id: number; content: string }[]>(
      await t.app.inject({ method: 'GET', url: '/api/plat/bulletin' }),
    ).result;
    expect(bulletin.find((c) => c.id === 1)!.content).toBe('系统维护通知：今晚 2 点');
    expect((await setConfigItem(ops.support, 10, 'x')).statusCode).toBe(400);
    const items = body<{ id: number }[]>(
      await t.app.inject({ method: 'GET', url: '/api/admin/config-items', headers: ops.support.auth }),
    ).result;
    expect(items.map((i) => i.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect((await setConfigItem(ops.finance, 1, 'x')).statusCode).toBe(403);
  });

  it('keeps the rich text of the notice (1) and the HTML item (2) to safe formatting, on write and on read', async () => {
    const html =
      '<p><strong>维护</strong><script>alert(1)</script></p><p onclick="x()"><a href="javascript:alert(1)">点我</a> <a href="https://koi.example/n">详情</a></p><img src=x onerror=alert(1)>';
    const clean =
      '<p><strong>维护</strong></p><p><a>点我</a> <a href="https://koi.example/n" target="_blank" rel="noopener noreferrer">详情</a></p>';
    for (const id of [1, 2]) {
      expect(body(await setConfigItem(ops.support, id, html))).toMatchObject({
        code: 200,
        result: { content: clean },
      });
    }
    // A row written before the rule existed is served clean all the same.
    await t.database.db.execute(sql`update config_items set content = ${html} where id = 2`);
    const bulletin = body<{ id: number; content: string }[]>(
      await t.app.inject({ method: 'GET', url: '/api/plat/bulletin' }),
    ).result;
    expect(bulletin.find((c) => c.id === 1)!.content).toBe(clean);
    expect(bulletin.find((c) => c.id === 2)!.content).toBe(clean);
    // A plain-text item is not touched.
    expect(body(await setConfigItem(ops.support, 8, '<b>18+</b>'))).toMatchObject({
      result: { content: '<b>18+</b>' },
    });
  });

  it('refuses a javascript: or other non-web link in a link config item (3, 4, 5, 7) on write, and keeps the old link', async () => {
    expect(body(await setConfigItem(ops.support, 7, 'https://chat.example/koi'))).toMatchObject({
      code: 200,
    });
    const bad = [
      'javascript:alert(document.cookie)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      '//evil.example/x',
    ];
    for (const id of [3, 4, 5, 7]) {
      for (const content of bad) {
        const res = await setConfigItem(ops.support, id, content);
        expect(res.statusCode, `${id} ${JSON.stringify(content)}`).toBe(400);
        expect(body(res).message).toContain('https://');
      }
    }
    const bulletin = body<{ id: number; content: string }[]>(
      await t.app.inject({ method: 'GET', url: '/api/plat/bulletin' }),
    ).result;
    expect(bulletin.find((c) => c.id === 7)!.content).toBe('https://chat.example/koi');
    // The schemes a contact link may use, a path on the site, and no link at all are accepted.
    for (const content of [
      'https://t.me/koi_support',
      'http://chat.example/',
      'tg://resolve?domain=koi',
      '/service',
      '',
    ]) {
      expect(body(await setConfigItem(ops.support, 7, content)), content).toMatchObject({
        code: 200,
        result: { content },
      });
    }
    // A banner's link follows the same rule, on creation and on update.
    const banner = (link: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/banners',
        headers: ops.support.auth,
        payload: { image: '/img/banner.png', title: '活动', link },
      });
    const refused = await banner('javascript:alert(1)');
    expect(refused.statusCode).toBe(400);
    expect(body(refused).message).toContain('https://');
    const created = body<{ id: number }>(await banner('/activity'));
    expect(created.code).toBe(200);
    const update = await t.app.inject({
      method: 'POST',
      url: `/api/admin/banners/${created.result.id}`,
      headers: ops.support.auth,
      payload: { link: 'data:text/html,x' },
    });
    expect(update.statusCode).toBe(400);
    // Items that are text, not links, keep any text.
    expect(body(await setConfigItem(ops.support, 1, 'javascript: 不是链接，只是文字'))).toMatchObject({
      code: 200,
    });
  });

  it('uploads an image checked by its bytes, serves it back, and uses it in a banner players see', async () => {
    const res = await upload(ops.support, PNG);
    const up = body<{ url: string; type: string; bytes: number }>(res).result;
    expect(up).toMatchObject({ type: 'image/png', bytes: PNG.length });
    expect(up.url).toMatch(/^\/uploads\/[0-9a-f]{64}\.png$/);
    const served = await t.app.inject({ method: 'GET', url: up.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);

    const created = body<{ id: number }>(
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/banners',
        headers: ops.support.auth,
        payload: { image: up.url, title: '新春活动', link: '/activity', sort: 1 },
      }),
    ).result;
    const seen = body<{ id: number; image: string }[]>(
      await t.app.inject({ method: 'GET', url: '/api/banner' }),
    ).result;
    expect(seen.find((b) => b.id === created.id)).toMatchObject({ image: up.url });
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/banners/${created.id}`,
      headers: ops.support.auth,
      payload: { enabled: false },
    });
    const hidden = body<{ id: number }[]>(await t.app.inject({ method: 'GET', url: '/api/banner' })).result;
    expect(hidden.map((b) => b.id)).not.toContain(created.id);
    const remove = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/banners/${created.id}/delete`,
        headers: ops.support.auth,
      });
    expect(body(await remove()).code).toBe(200);
    // Deleted once, the banner is gone: a second delete finds nothing.
    expect(body(await remove()).code).toBe(6020);
  });

  it('refuses a file that is not an image whatever its name and type say, and one that is too large', async () => {
    const fake = await upload(
      ops.support,
      Buffer.from('<svg onload="alert(1)"></svg>'),
      'x.png',
      'image/png',
    );
    expect(body(fake)).toMatchObject({ code: 6017 });
    const big = await upload(ops.support, Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    expect((await upload(ops.finance, PNG)).statusCode).toBe(403);
    expect(fs.readdirSync(uploadsDir).filter((f) => !f.endsWith('.png'))).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/uploads/../../etc/passwd' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${'a'.repeat(64)}.png` })).statusCode).toBe(
      404,
    );
  });
});
