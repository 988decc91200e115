import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../../db/client';
import { AdvisoryLock } from '../../db/locks';
import type { ImageStore } from './community.images';
import { createCommunityRepository, PostStatus } from './community.repository';
import { waitForSchema } from '../../db/schema-ready';

/*
 * Demo content (SEED_DEMO): a few approved posts by 官方 with pictures drawn here as SVG and rendered by sharp
 * (Koi's own artwork, decision 17), and two places to buy USDT that say plainly they are examples. Inserted
 * once: posts only when there is no official post yet, buy links only into an empty list, so an operator's
 * deletions stay deleted.
 */

const frame = (body: string, from: string, to: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="720" viewBox="0 0 960 720">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="960" height="720" fill="url(#g)"/>${body}</svg>`;

const koi = (x: number, y: number, r: number, color: string, turn: number) =>
  `<g transform="translate(${x} ${y}) rotate(${turn}) scale(${r})">
    <path d="M-60 0 C-30 -34 40 -34 70 0 C40 34 -30 34 -60 0 Z" fill="${color}"/>
    <path d="M-58 0 L-100 -28 L-88 0 L-100 28 Z" fill="${color}" opacity="0.85"/>
    <circle cx="48" cy="-8" r="5" fill="#1b1033"/>
    <path d="M0 -26 C10 -44 26 -44 30 -26" fill="${color}" opacity="0.7"/>
    <circle cx="10" cy="6" r="9" fill="#fff" opacity="0.55"/><circle cx="-18" cy="-6" r="7" fill="#fff" opacity="0.4"/>
  </g>`;

const ripples = [120, 200, 280]
  .map(
    (r) =>
      `<circle cx="480" cy="360" r="${r}" fill="none" stroke="#ffffff" stroke-opacity="0.12" stroke-width="6"/>`,
  )
  .join('');

const lanterns = [140, 330, 520, 710]
  .map(
    (x, i) => `<g transform="translate(${x + 60} ${150 + (i % 2) * 60})">
      <line x1="0" y1="-150" x2="0" y2="-60" stroke="#f5d48a" stroke-width="3"/>
      <ellipse cx="0" cy="0" rx="62" ry="72" fill="#e2412f"/>
      <rect x="-30" y="-78" width="60" height="14" rx="4" fill="#f5b942"/><rect x="-30" y="64" width="60" height="14" rx="4" fill="#f5b942"/>
      <path d="M0 -60 V60 M-34 -50 C-50 0 -50 0 -34 50 M34 -50 C50 0 50 0 34 50" stroke="#b8271b" stroke-width="4" fill="none"/>
      <line x1="0" y1="80" x2="0" y2="130" stroke="#f5b942" stroke-width="5"/></g>`,
  )
  .join('');

const coins = [0, 1, 2, 3, 4, 5]
  .map(
    (i) => `<g transform="translate(${250 + (i % 3) * 230} ${260 + Math.floor(i / 3) * 230})">
      <circle r="86" fill="#f5b942"/><circle r="70" fill="none" stroke="#c98a12" stroke-width="8"/>
      <rect x="-18" y="-18" width="36" height="36" fill="#c98a12" transform="rotate(45)"/></g>`,
  )
  .join('');

export const DEMO_POSTS: { content: string; svg: string[]; hoursAgo: number }[] = [
  {
    content:
      '欢迎来到 Koi 玩家社区！分享你的游戏心得和生活趣事吧。发布的动态经审核后对所有人可见，请文明发言、理性游戏。',
    svg: [
      frame(
        ripples + koi(380, 330, 1.6, '#ff7a3d', -12) + koi(600, 420, 1.2, '#ffffff', 160),
        '#2b1a5a',
        '#5a3fb0',
      ),
    ],
    hoursAgo: 30,
  },
  {
    content: '新春灯会主题活动即将上线，红包房间也在准备中，大家想要什么样的玩法？欢迎在评论区留言。',
    svg: [frame(lanterns, '#1b1033', '#4a1f52'), frame(coins, '#3b1f6e', '#7a3fb8')],
    hoursAgo: 6,
  },
  {
    content: '小贴士：请在安全中心设置提现密码并开启充值限额，保护账户安全。游戏是娱乐，量力而行。',
    svg: [],
    hoursAgo: 2,
  },
];

export const DEMO_BUY_LINKS = [
  {
    name: '示例交易所 A（演示）',
    logo: '',
    link: 'https://example.com/buy-usdt',
    note: '示例链接，仅用于演示，并非推荐或合作渠道。Koi 不出售任何数字货币。',
    sort: 1,
  },
  {
    name: '示例 OTC 商家 B（演示）',
    logo: '',
    link: 'https://example.org/otc',
    note: '示例链接，仅用于演示。请自行核实任何交易对手，谨防诈骗。',
    sort: 2,
  },
];

export async function seedCommunityDemo(
  db: Db,
  images: ImageStore & { dir: string },
  now: Date,
): Promise<void> {
  const repo = createCommunityRepository(db);
  const postsDue = (await repo.countOfficialPosts()) === 0;
  if (!postsDue && (await repo.countBuyLinks()) > 0) return;
  // Pictures are rendered before the transaction, so it holds its lock only while it writes rows. Without a
  // data directory (a test configuration) the posts are seeded without pictures rather than creating a
  // directory nobody asked for.
  const withPictures = postsDue && fs.existsSync(path.dirname(images.dir));
  const rendered = withPictures
    ? await Promise.all(
        DEMO_POSTS.map((post) =>
          Promise.all(
            post.svg.map(async (svg) =>
              images.store(await sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer()),
            ),
          ),
        ),
      )
    : DEMO_POSTS.map(() => []);
  await db.transaction(async (tx) => {
    await waitForSchema(tx);
    await tx.execute(sql`select pg_advisory_xact_lock(${AdvisoryLock.COMMUNITY_SEED_DEMO})`);
    const r = createCommunityRepository(tx);
    if ((await r.countOfficialPosts()) === 0) {
      for (const [i, post] of DEMO_POSTS.entries()) {
        const at = new Date(now.getTime() - post.hoursAgo * 3_600_000);
        await r.insertPost({
          playerId: null,
          content: post.content,
          images: rendered[i]!,
          status: PostStatus.APPROVED,
          reviewedAt: at,
          createdAt: at,
        });
      }
    }
    if ((await r.countBuyLinks()) === 0) {
      for (const link of DEMO_BUY_LINKS) await r.insertBuyLink({ ...link, createdAt: now });
    }
  });
}
