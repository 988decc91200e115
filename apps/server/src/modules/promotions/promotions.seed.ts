import { and, eq, isNull, sql } from 'drizzle-orm';
import { countRows, type Db } from '../../db/client';
import { AdvisoryLock } from '../../db/locks';
import { promotions, PromotionStatus } from './promotions.schema';
import { audienceSchema, parseRules, TYPE_TEMPLATE } from './rules';
import { sanitizeContent } from './promotions.service';
import { waitForSchema } from '../../db/schema-ready';

/*
 * Demo promotions (SEED_DEMO): one running promotion for every template, plus the 5D room daily that the
 * first home banner opens, with Chinese copy and banner art drawn here as SVG (gradients, simple shapes and
 * text; no copied images), and English titles and summaries for English-mode players (the rich-text body and
 * the banner's words stay Chinese: they are one language each). Inserted only into an empty table, so an
 * operator's promotions are never touched, except that a demo promotion with no English yet (one seeded
 * before there were the columns) is given ours: matched by its Chinese text, so an English an operator gave,
 * or a Chinese title an operator rewrote, is left alone.
 */

type Motif = 'coins' | 'fish' | 'gift' | 'shield' | 'clover' | 'rocket' | 'calendar' | 'people' | 'dice';

/** A 690×260 banner: a two-colour gradient, a motif on the right, the headline and a tagline on the left. */
export function bannerSvg(opts: {
  from: string;
  to: string;
  headline: string;
  tagline: string;
  motif: Motif;
}): string {
  const motifs: Record<Motif, string> = {
    coins:
      '<g fill="#f6c453" stroke="#b7791f" stroke-width="4"><ellipse cx="560" cy="170" rx="62" ry="20"/><ellipse cx="560" cy="150" rx="62" ry="20"/><ellipse cx="560" cy="130" rx="62" ry="20"/><circle cx="600" cy="80" r="40"/></g><text x="600" y="94" font-size="40" text-anchor="middle" fill="#b7791f" font-weight="700">$</text>',
    fish: '<g fill="#ffb86b"><path d="M470 130 q70 -70 150 0 q-80 70 -150 0z"/><path d="M620 130 l40 -34 v68z"/></g><circle cx="505" cy="120" r="8" fill="#3b1a78"/><g fill="none" stroke="#ffffff" stroke-opacity=".6" stroke-width="4"><circle cx="450" cy="80" r="10"/><circle cx="430" cy="50" r="6"/></g>',
    gift: '<rect x="480" y="100" width="150" height="120" rx="10" fill="#f6c453"/><rect x="470" y="80" width="170" height="36" rx="8" fill="#ffd978"/><rect x="545" y="80" width="20" height="140" fill="#e11d48"/><path d="M555 80 q-50 -50 -60 -10 q20 20 60 10 q40 10 60 -10 q-10 -40 -60 10z" fill="#e11d48"/>',
    shield:
      '<path d="M555 40 l80 30 v60 q0 60 -80 95 q-80 -35 -80 -95 v-60z" fill="#ffffff" fill-opacity=".9"/><path d="M525 130 l22 22 l42 -48" fill="none" stroke="#14b86a" stroke-width="14" stroke-linecap="round" stroke-linejoin="round"/>',
    clover:
      '<g fill="#34d399"><circle cx="530" cy="105" r="38"/><circle cx="590" cy="105" r="38"/><circle cx="530" cy="165" r="38"/><circle cx="590" cy="165" r="38"/></g><path d="M560 135 q30 60 10 100" stroke="#065f46" stroke-width="8" fill="none"/>',
    rocket:
      '<path d="M560 30 q50 50 40 130 h-80 q-10 -80 40 -130z" fill="#ffffff"/><circle cx="560" cy="95" r="18" fill="#60a5fa"/><path d="M520 160 l-30 40 h40z M600 160 l30 40 h-40z" fill="#f87171"/><path d="M540 165 q20 60 40 0z" fill="#f6c453"/>',
    calendar:
      '<rect x="475" y="60" width="170" height="160" rx="16" fill="#ffffff"/><rect x="475" y="60" width="170" height="44" rx="16" fill="#ef4444"/><g fill="#7c3aed"><circle cx="515" cy="140" r="10"/><circle cx="560" cy="140" r="10"/><circle cx="605" cy="140" r="10"/><circle cx="515" cy="185" r="10"/></g><path d="M548 182 l12 12 l24 -26" stroke="#14b86a" stroke-width="8" fill="none" stroke-linecap="round"/>',
    people:
      '<g fill="#ffffff"><circle cx="520" cy="95" r="28"/><path d="M470 200 q50 -90 100 0z"/></g><g fill="#f6c453"><circle cx="600" cy="105" r="24"/><path d="M558 205 q42 -80 84 0z"/></g>',
    dice: '<rect x="480" y="70" width="120" height="120" rx="22" fill="#ffffff" transform="rotate(-12 540 130)"/><g fill="#7c3aed" transform="rotate(-12 540 130)"><circle cx="510" cy="100" r="10"/><circle cx="540" cy="130" r="10"/><circle cx="570" cy="160" r="10"/></g><text x="600" y="74" font-size="40" fill="#f6c453" font-weight="800" font-family="sans-serif">5D</text>',
  };
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="690" height="260" viewBox="0 0 690 260">',
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${opts.from}"/><stop offset="1" stop-color="${opts.to}"/></linearGradient></defs>`,
    '<rect width="690" height="260" rx="0" fill="url(#g)"/>',
    '<circle cx="640" cy="-20" r="120" fill="#ffffff" fill-opacity=".08"/><circle cx="420" cy="280" r="90" fill="#ffffff" fill-opacity=".06"/>',
    motifs[opts.motif],
    `<text x="36" y="118" font-family="PingFang SC, Noto Sans CJK SC, Microsoft YaHei, sans-serif" font-size="46" font-weight="800" fill="#ffffff">${opts.headline}</text>`,
    `<text x="38" y="172" font-family="PingFang SC, Noto Sans CJK SC, Microsoft YaHei, sans-serif" font-size="26" fill="#ffffff" fill-opacity=".85">${opts.tagline}</text>`,
    '</svg>',
  ].join('');
}

const terms = (
  multiple: number,
  extra: { max_bet?: string; max_win?: string; expiry_days?: number } = {},
) => ({
  multiple_centis: multiple * 100,
  max_bet: extra.max_bet ?? null,
  max_win: extra.max_win ?? null,
  expiry_days: extra.expiry_days ?? 30,
});

export const DEMO_PROMOTIONS = [
  {
    type: 1,
    title: '首充豪礼 最高送 100 USDT',
    summary: '首次充值满 20 USDT，即送充值金额 50% 红利',
    titleEn: 'First Deposit Bonus up to 100 USDT',
    summaryEn: 'Deposit 20 USDT or more for the first time and get a 50% bonus',
    category: 0,
    rules: {
      deposit: 'first',
      percent_bp: 5000,
      min_deposit: '20',
      max_bonus: '100',
      terms: terms(10, { max_bet: '50' }),
    },
    art: {
      from: '#8b5cf6',
      to: '#4c1d95',
      headline: '首充豪礼送50%',
      tagline: '最高 100 USDT · 10 倍流水',
      motif: 'gift' as Motif,
    },
    content:
      '<ol><li>首次充值满 20 USDT 即可领取充值金额 50% 的红利，最高 100 USDT。</li><li>红利须完成 10 倍有效投注（流水）后方可提现；流水完成前单注最高 50 USDT。</li><li>红利 30 天内未完成流水将被收回。</li></ol>',
  },
  {
    type: 9,
    title: '5D 房间每日奖金',
    summary: '昨日彩票有效投注达标，今日领取奖金',
    titleEn: '5D Room Daily Bonus',
    summaryEn: "Reach yesterday's lottery valid-bet target, claim your bonus today",
    category: 2,
    rules: {
      window: 'day',
      categories: [2],
      tiers: [
        { min_valid_bet: '100', reward: '2' },
        { min_valid_bet: '1000', reward: '18' },
        { min_valid_bet: '5000', reward: '88' },
      ],
      terms: terms(3),
    },
    art: {
      from: '#f97316',
      to: '#be123c',
      headline: '5D 每日奖金',
      tagline: '昨日投注越多 今日奖金越高',
      motif: 'dice' as Motif,
    },
    content:
      '<table><thead><tr><th>昨日彩票有效投注</th><th>奖金</th></tr></thead><tbody><tr><td>100</td><td>2</td></tr><tr><td>1,000</td><td>18</td></tr><tr><td>5,000</td><td>88</td></tr></tbody></table><p>每日限领一次，奖金须完成 3 倍流水。</p>',
  },
  {
    type: 3,
    title: '转场体验金 8 USDT',
    summary: '注册 7 天内的新玩家可领一次体验金',
    titleEn: '8 USDT Welcome Credit',
    summaryEn: 'New players within 7 days of sign-up can claim it once',
    category: 0,
    rules: {
      amount: '8',
      new_player_days: 7,
      terms: terms(20, { max_win: '50', max_bet: '5', expiry_days: 7 }),
    },
    art: {
      from: '#0ea5e9',
      to: '#4338ca',
      headline: '体验金 8 USDT',
      tagline: '新玩家专享 · 畅玩全场',
      motif: 'rocket' as Motif,
    },
    content:
      '<p>体验金须完成 20 倍流水后方可提现，最高可转出盈利 50 USDT；流水完成前单注最高 5 USDT，7 天内有效。</p>',
    household: true,
  },
  {
    type: 4,
    title: '捕鱼棋牌救援金',
    summary: '昨日捕鱼、棋牌净亏损满 50 USDT 返 10%',
    titleEn: 'Fishing & Cards Rescue Bonus',
    summaryEn: "10% back on yesterday's fishing and cards net loss of 50 USDT or more",
    category: 3,
    rules: {
      window: 'day',
      categories: [1, 3],
      min_loss: '50',
      percent_bp: 1000,
      max_bonus: '200',
      terms: terms(5),
    },
    art: {
      from: '#14b8a6',
      to: '#0f766e',
      headline: '亏损救援 10%',
      tagline: '捕鱼 · 棋牌 每日可领',
      motif: 'shield' as Motif,
    },
    content: '<p>按昨日（北京时间）捕鱼与棋牌游戏的净亏损计算，最高 200 USDT，须完成 5 倍流水。</p>',
  },
  {
    type: 5,
    title: '每日幸运红包',
    summary: '今日有效投注满 10 USDT 即可抽取，结果可验证',
    titleEn: 'Daily Lucky Draw',
    summaryEn: 'Bet 10 USDT today to draw; every result is verifiable',
    category: 0,
    rules: {
      min_valid_bet: '10',
      prizes: [
        { amount: '0.5', weight: 600 },
        { amount: '1', weight: 300 },
        { amount: '5', weight: 90 },
        { amount: '88', weight: 10 },
      ],
      terms: terms(5),
    },
    art: {
      from: '#22c55e',
      to: '#15803d',
      headline: '每日幸运抽奖',
      tagline: '最高 88 USDT · 公平可验证',
      motif: 'clover' as Motif,
    },
    content:
      '<p>奖池：0.5（60%）、1（30%）、5（9%）、88（1%）USDT。</p><p>每日种子的哈希提前公布，次日公开种子，任何人都可以用 koi-luck-玩家ID 作为客户端种子复算结果。</p>',
  },
  {
    type: 6,
    title: '以小博大',
    summary: '单注不超过 2 USDT 命中 50 倍以上，奖 8 USDT',
    titleEn: 'Small Bet, Big Win',
    summaryEn: 'Hit 50x or more on a bet of 2 USDT or less and win 8 USDT',
    category: 5,
    rules: { categories: [5], min_multiplier_centis: 5000, max_stake: '2', reward: '8', terms: terms(5) },
    art: {
      from: '#e11d48',
      to: '#7e22ce',
      headline: '以小博大',
      tagline: '2 USDT 博 50 倍 · 再奖 8 USDT',
      motif: 'coins' as Motif,
    },
    content: '<p>今日电子游戏中，单注 ≤ 2 USDT 且派彩 ≥ 50 倍的注单即可领取，每日一次。</p>',
  },
  {
    type: 10,
    title: '每日签到',
    summary: '连续签到 7 天，奖励逐日递增',
    titleEn: 'Daily Check-in',
    summaryEn: 'Check in 7 days in a row; the reward grows every day',
    category: 0,
    rules: { min_valid_bet: '5', rewards: ['0.2', '0.3', '0.5', '0.8', '1', '1.5', '3'], terms: terms(3) },
    art: {
      from: '#f59e0b',
      to: '#d97706',
      headline: '每日签到',
      tagline: '连签 7 天 最高 3 USDT',
      motif: 'calendar' as Motif,
    },
    content:
      '<p>当日有效投注满 5 USDT 即可签到。第 1-7 天分别奖励 0.2、0.3、0.5、0.8、1、1.5、3 USDT，断签从第一天重新开始。</p>',
  },
  {
    type: 11,
    title: '捕鱼七日挑战',
    summary: '上周捕鱼有效投注达标领取周奖金',
    titleEn: 'Fishing 7-Day Challenge',
    summaryEn: "Reach last week's fishing valid-bet target for a weekly bonus",
    category: 3,
    rules: {
      window: 'week',
      categories: [3],
      tiers: [
        { min_valid_bet: '500', reward: '5' },
        { min_valid_bet: '5000', reward: '58' },
      ],
      terms: terms(3),
    },
    art: {
      from: '#38bdf8',
      to: '#1d4ed8',
      headline: '捕鱼七日挑战',
      tagline: '周投注达标 最高 58 USDT',
      motif: 'fish' as Motif,
    },
    content: '<p>按上周（周一至周日，北京时间）捕鱼有效投注计算，每周限领一次。</p>',
  },
  {
    type: 13,
    title: '全民代理',
    summary: '邀请好友注册游戏，佣金天天结算',
    titleEn: 'Everyone Is an Agent',
    summaryEn: 'Invite friends to play and earn commission settled daily',
    category: 0,
    rules: { commission_note: '好友的有效投注为您带来佣金' },
    art: {
      from: '#a855f7',
      to: '#6d28d9',
      headline: '全民代理',
      tagline: '邀请好友 共享佣金',
      motif: 'people' as Motif,
    },
    content:
      '<p>人人都可以成为代理：分享您的邀请链接或二维码，好友注册并游戏后，您将按其有效投注获得佣金。</p>',
  },
];

/** Inserts the demo promotions once, into an empty table; gives English to demo promotions that have none. */
export async function seedDemoPromotions(db: Db, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await waitForSchema(tx);
    await tx.execute(sql`select pg_advisory_xact_lock(${AdvisoryLock.SEED_DEMO_PROMOTIONS})`);
    if ((await countRows(tx, promotions)) > 0) {
      for (const p of DEMO_PROMOTIONS) {
        const demo = and(eq(promotions.type, p.type), eq(promotions.title, p.title));
        await tx
          .update(promotions)
          .set({ titleEn: p.titleEn })
          .where(and(demo, isNull(promotions.titleEn)));
        await tx
          .update(promotions)
          .set({ summaryEn: p.summaryEn })
          .where(and(demo, eq(promotions.summary, p.summary), isNull(promotions.summaryEn)));
      }
      return;
    }
    await tx.insert(promotions).values(
      DEMO_PROMOTIONS.map((p, i) => ({
        type: p.type,
        template: TYPE_TEMPLATE[p.type]!,
        title: p.title,
        titleEn: p.titleEn,
        summary: p.summary,
        summaryEn: p.summaryEn,
        contentHtml: sanitizeContent(p.content),
        banner: bannerSvg(p.art),
        category: p.category,
        rules: parseRules(TYPE_TEMPLATE[p.type]!, p.rules),
        audience: audienceSchema.parse({}),
        startsAt: new Date(now.getTime() - 60_000),
        endsAt: new Date(now.getTime() + (30 + i) * 86_400_000),
        budgetMicro: null,
        perPlayerCap: 1,
        oncePerHousehold: 'household' in p ? Boolean(p.household) : false,
        status: PromotionStatus.RUNNING,
        sort: DEMO_PROMOTIONS.length - i,
        createdAt: now,
        updatedAt: now,
      })),
    );
  });
}
