import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import sharp from 'sharp';
import type { TestApp } from '../../../test/app';
import { body } from '../../../test/app';

/** A temporary data directory for the test file's images, removed after its last test. */
export function useDataDir(): { dir: string } {
  const holder = { dir: '' };
  beforeAll(() => {
    holder.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'koi-community-'));
  });
  afterAll(() => fs.rmSync(holder.dir, { recursive: true, force: true }));
  return holder;
}

export interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
}

/** A multipart/form-data body as a browser sends it. */
export function multipart(parts: Part[]) {
  const boundary = '----koi' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const file = part.filename !== undefined;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${file ? `; filename="${part.filename}"` : ''}\r\n` +
          (file ? `Content-Type: ${part.type ?? 'application/octet-stream'}\r\n` : '') +
          '\r\n',
      ),
      Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A small JPEG carrying EXIF (an artist's name and a GPS-like comment) that must not survive re-encoding. */
export const jpegWithExif = () =>
  sharp({ create: { width: 80, height: 60, channels: 3, background: '#e2412f' } })
    .jpeg()
    .withExif({ IFD0: { Artist: 'Secret Artist', ImageDescription: 'GPS 22.3193N 114.1694E' } })
    .toBuffer();

export const png = (width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 4, background: '#5a3fb0' } })
    .png()
    .toBuffer();

export interface PostInput {
  content?: string;
  images?: { data: Buffer; filename?: string; type?: string }[];
}

/** Writes a post through the API as a player (multipart, as the app sends it). */
export function createPost(t: TestApp, auth: Record<string, string>, input: PostInput) {
  const parts: Part[] = [];
  if (input.content !== undefined) parts.push({ name: 'content', value: input.content });
  for (const [i, image] of (input.images ?? []).entries()) {
    parts.push({
      name: 'images',
      value: image.data,
      filename: image.filename ?? `photo${i}.jpg`,
      type: image.type ?? 'image/jpeg',
    });
  }
  const m = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/community/posts',
    headers: { ...auth, ...m.headers },
    payload: m.payload,
  });
}

export type WirePost = {
  id: number;
  content: string;
  images: string[];
  status: string;
  reason: string;
  like_count: number;
  liked: boolean;
  comment_count: number;
  author: { name: string; official: boolean };
};

export async function feed(t: TestApp, auth: Record<string, string>, tab = 'new') {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/community/posts?tab=${tab}&size=100`,
    headers: auth,
  });
  return body<{ data: WirePost[]; total: number }>(res).result.data;
}

export async function myPosts(t: TestApp, auth: Record<string, string>) {
  const res = await t.app.inject({ method: 'GET', url: '/api/community/my-posts?size=100', headers: auth });
  return body<{ data: WirePost[] }>(res).result.data;
}

export const adminPost = (t: TestApp, auth: Record<string, string>, url: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: auth, payload });
