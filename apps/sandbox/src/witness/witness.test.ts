import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { testSandbox } from '../testing';

const checkpoint = (seq: number, hash = `h${seq}`) => ({
  v: 1,
  seq,
  hash,
  at: '2026-05-01T00:00:00.000Z',
  key: 'k',
  sig: 's',
});

describe('the audit witness', () => {
  it('keeps checkpoints per log, answers the latest, and refuses going back or forking, across a restart', async () => {
    const sb = await testSandbox();
    const post = (url: string, log: string, body: unknown) =>
      fetch(`${url}/witness/logs/${log}/checkpoints`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then(sb.json);
    const latest = (url: string, log: string) =>
      fetch(`${url}/witness/logs/${log}/checkpoints/latest`).then(sb.json);
    try {
      expect((await latest(sb.url, 'koi')).status).toBe(404);
      expect(await post(sb.url, 'koi', checkpoint(3))).toEqual({
        status: 200,
        body: { stored: true, seq: 3 },
      });
      expect(await post(sb.url, 'koi', checkpoint(7))).toEqual({
        status: 200,
        body: { stored: true, seq: 7 },
      });
      expect(await post(sb.url, 'koi', checkpoint(7))).toEqual({
        status: 200,
        body: { stored: false, seq: 7 },
      });
      expect((await post(sb.url, 'koi', checkpoint(5))).body.error.code).toBe('GOES_BACK');
      expect((await post(sb.url, 'koi', checkpoint(7, 'other'))).body.error.code).toBe('FORK');
      expect((await post(sb.url, 'koi', { seq: -1, hash: 'x' })).status).toBe(400);
      expect((await post(sb.url, 'bad log!', checkpoint(1))).status).toBe(400);
      expect((await post(sb.url, 'other', checkpoint(1))).status).toBe(200);
      expect((await latest(sb.url, 'koi')).body).toEqual(checkpoint(7));
    } finally {
      await sb.close(true);
    }
    const again = await testSandbox({}, sb.dataDir);
    try {
      expect((await latest(again.url, 'koi')).body).toEqual(checkpoint(7));
      expect((await post(again.url, 'koi', checkpoint(6))).status).toBe(409);
      expect((await again.control('/control/witness/reset', {})).status).toBe(200);
      expect((await latest(again.url, 'koi')).status).toBe(404);
    } finally {
      await again.close();
      fs.rmSync(sb.dataDir, { recursive: true, force: true });
    }
  });
});
