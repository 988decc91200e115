import type { FastifyRequest } from 'fastify';
import type { Locale } from '@koi/contract';

/**
 * Chinese is the product language; English only when the caller's Accept-Language ranks an English tag
 * above every Chinese one.
 */
export function localeOf(request: Pick<FastifyRequest, 'headers'>): Locale {
  const header = request.headers['accept-language'];
  if (typeof header !== 'string' || header.length === 0) return 'zh-CN';
  let best: { lang: string; q: number } | null = null;
  for (const part of header.slice(0, 512).split(',')) {
    const [tag = '', ...params] = part.trim().split(';');
    const qParam = params.find((p) => p.trim().startsWith('q='));
    const q = qParam ? Number(qParam.trim().slice(2)) : 1;
    if (!Number.isFinite(q)) continue;
    const lang = tag.toLowerCase();
    if (!lang.startsWith('en') && !lang.startsWith('zh')) continue;
    if (!best || q > best.q) best = { lang, q };
  }
  return best?.lang.startsWith('en') ? 'en' : 'zh-CN';
}
