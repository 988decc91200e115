import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { AdvisoryLock } from './locks';
import { banners, configItems } from './schema';
import { seedAgentTiers } from '../modules/agents/agents.seed';
import { seedVipDemo } from '../modules/vip/vip.seed';
import { seedRedPacketRooms } from '../modules/redpackets/redpackets.seed';
import { waitForSchema } from './schema-ready';

/**
 * Demo content in Chinese. Idempotent: config items are inserted only where the id is missing (an
 * operator's edits are never overwritten), banners only into an empty table.
 */
export const DEMO_CONFIG_ITEMS: { id: number; content: string }[] = [
  {
    id: 1,
    content:
      '<p>欢迎来到 Koi！</p><p>本平台仅向年满18周岁的玩家提供服务。充值仅支持 USDT（TRC20），请务必核对网络与金额。</p><p>理性游戏，量力而行。</p>',
  },
  {
    id: 2,
    content:
      '<h3>平台公告</h3><p>系统将于每周二 04:00-05:00 进行例行维护。</p><p>如遇问题请联系在线客服。</p>',
  },
  { id: 3, content: 'https://t.me/koi_support' },
  { id: 4, content: 'https://t.me/koi_community' },
  { id: 5, content: 'https://t.me/koi_channel' },
  { id: 6, content: 'support@koi.example' },
  { id: 7, content: 'https://support.koi.example/chat' },
  {
    id: 8,
    content:
      'Koi 是面向持牌运营商的游戏平台软件。运营商须在其所在司法辖区取得有效的在线游戏牌照，并遵守当地法律与反洗钱要求。本演示站点不接受真实资金。',
  },
  {
    id: 9,
    content:
      '游戏应当是娱乐，而不是赚钱的方式。请只用您输得起的钱参与，设定充值限额与游戏时长，切勿追回损失。如果您觉得游戏已影响生活，可在安全中心设置冷静期或自我排除，并向专业机构寻求帮助。',
  },
];

export const DEMO_BANNERS = [
  {
    image: '/assets/banners/banner-1.svg',
    title: '首充豪礼 最高送 100 USDT',
    link: '',
    activityType: 9,
    sort: 1,
  },
  { image: '/assets/banners/banner-2.svg', title: '邀请好友 共享佣金', link: '', activityType: 999, sort: 2 },
  {
    image: '/assets/banners/banner-3.svg',
    title: '每日签到 好礼不断',
    link: '/benefit',
    activityType: null,
    sort: 3,
  },
];

export async function seedDemoContent(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await waitForSchema(tx);
    await tx.execute(sql`select pg_advisory_xact_lock(${AdvisoryLock.SEED_DEMO})`);
    await tx.insert(configItems).values(DEMO_CONFIG_ITEMS).onConflictDoNothing({ target: configItems.id });
    const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(banners);
    if ((row?.n ?? 0) === 0) await tx.insert(banners).values(DEMO_BANNERS);
    await seedAgentTiers(tx, new Date());
    await seedVipDemo(tx as unknown as Db);
    await seedRedPacketRooms(tx);
  });
}
