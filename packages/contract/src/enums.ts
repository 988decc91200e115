import { z } from 'zod';

/** Spec §3 enumerations. Values are the numbers the client sends and receives. */

export const GameCategory = {
  BOARD: 1,
  LOTTERY: 2,
  FISHING: 3,
  ESPORTS: 4,
  SLOTS: 5,
  SPORTS: 6,
  LIVE_VIDEO: 7,
} as const;
export type GameCategory = (typeof GameCategory)[keyof typeof GameCategory];
/**
 * Every category's names, in one place for the server's tabs, the catalogue seed and the web: the full name
 * and the short label of the home tab, in both languages.
 */
export const GAME_CATEGORIES: Record<GameCategory, { zh: string; en: string; tabZh: string; tabEn: string }> =
  {
    1: { zh: '棋牌游戏', en: 'Board & cards', tabZh: '棋牌', tabEn: 'Cards' },
    2: { zh: '彩票游戏', en: 'Lottery', tabZh: '彩票', tabEn: 'Lottery' },
    3: { zh: '捕鱼游戏', en: 'Fishing', tabZh: '捕鱼', tabEn: 'Fishing' },
    4: { zh: '电竞游戏', en: 'E-sports', tabZh: '电竞', tabEn: 'E-sports' },
    5: { zh: '电子游戏', en: 'Slots', tabZh: '电子', tabEn: 'Slots' },
    6: { zh: '体育游戏', en: 'Sports', tabZh: '体育', tabEn: 'Sports' },
    7: { zh: '视讯游戏', en: 'Live casino', tabZh: '视讯', tabEn: 'Live' },
  };
/** The home's first tab (spec §2: hot = 0), which is no category of the catalogue. */
export const HOT_TAB_NAMES = { zh: '热门', en: 'Hot' } as const;

/** A category's name (or its tab label) in a language; undefined for an id that is no category. */
export function gameCategoryName(id: number, locale: 'zh-CN' | 'en', form: 'full' | 'tab' = 'full') {
  const c = GAME_CATEGORIES[id as GameCategory] as (typeof GAME_CATEGORIES)[GameCategory] | undefined;
  if (!c) return undefined;
  if (form === 'tab') return locale === 'en' ? c.tabEn : c.tabZh;
  return locale === 'en' ? c.en : c.zh;
}

export const GAME_CATEGORY_NAMES_ZH = Object.fromEntries(
  Object.entries(GAME_CATEGORIES).map(([id, c]) => [id, c.zh]),
) as Record<GameCategory, string>;
export const gameCategorySchema = /* @__PURE__ */ z.literal([1, 2, 3, 4, 5, 6, 7]);

/**
 * Game providers 1–15. The spec names a few (PG, AG, IM, JDB, Sabah, CMD, MG, CQ9, PP, BF, FG) and leaves the
 * rest open; we fill the remainder with our own provider ids (15 = Koi originals, our provably fair games).
 */
export const GameProvider = {
  PG: 1,
  AG: 2,
  IM: 3,
  JDB: 4,
  SABAH: 5,
  CMD: 6,
  MG: 7,
  CQ9: 8,
  PP: 9,
  BF: 10,
  FG: 11,
  KY: 12,
  EVO: 13,
  SIM: 14,
  KOI: 15,
} as const;
export type GameProvider = (typeof GameProvider)[keyof typeof GameProvider];
export const GAME_PROVIDER_NAMES: Record<GameProvider, string> = {
  1: 'PG电子',
  2: 'AG视讯',
  3: 'IM体育',
  4: 'JDB电子',
  5: '沙巴体育',
  6: 'CMD体育',
  7: 'MG电子',
  8: 'CQ9电子',
  9: 'PP电子',
  10: 'BF电竞',
  11: 'FG捕鱼',
  12: '开元棋牌',
  13: 'EVO视讯',
  14: '模拟厂商',
  15: 'Koi原创',
};

export const RecordStatus = { COMPLETED: 1, PENDING_REVIEW: 2, REJECTED: 3 } as const;
export type RecordStatus = (typeof RecordStatus)[keyof typeof RecordStatus];

export const PromotionType = {
  FIRST_DEPOSIT: 1,
  MONTHLY_FISHING_SLOTS: 2,
  SWITCH_OVER_TRIAL: 3,
  FISHING_BOARD_RESCUE: 4,
  DAILY_LUCK: 5,
  WIN_BIG_WITH_SMALL: 6,
  VIP_RECRUITMENT: 7,
  SLOTS_PRIZE_ON_PRIZE: 8,
  ROOM_5D_DAILY: 9,
  DAILY_CHECK_IN: 10,
  FISHING_7_DAY: 11,
  FISHING_DAILY_CHALLENGE: 12,
  EVERYONE_AN_AGENT: 13,
} as const;
export type PromotionType = (typeof PromotionType)[keyof typeof PromotionType];

export const TimeRange = { YESTERDAY: 1, TODAY: 2, WEEK: 3 } as const;
export type TimeRange = (typeof TimeRange)[keyof typeof TimeRange];

export const RewardType = { LEVEL_UP: 1, MONTH_END: 2, CHECK_IN: 3 } as const;
export type RewardType = (typeof RewardType)[keyof typeof RewardType];

/** Game status: 1 (or missing) playable, 2 under maintenance, 3 coming soon, 4 stay tuned. */
export const GameStatus = { PLAYABLE: 1, MAINTENANCE: 2, COMING_SOON: 3, STAY_TUNED: 4 } as const;
export type GameStatus = (typeof GameStatus)[keyof typeof GameStatus];

/** Withdrawal address types (decision 12). */
export const AddressType = { TRC20: 1, PHONE_WALLET: 2, OTHER_WALLET: 3 } as const;
export type AddressType = (typeof AddressType)[keyof typeof AddressType];

/** Config item ids served by GET /api/plat/bulletin (spec §3). */
export const ConfigItemId = {
  NOTICE: 1,
  NOTICE_HTML: 2,
  CUSTOM_SERVICE_CHAT: 3,
  CHAT_CONTACT_A: 4,
  CHAT_CONTACT_B: 5,
  ONLINE_SERVICE_LINK: 7,
  /** Plain text shown on /about: the operator's licence and compliance statement. */
  LICENCE_TEXT: 8,
  /** Plain text shown on /about: the responsible-gambling statement and where to get help. */
  RESPONSIBLE_GAMBLING_TEXT: 9,
} as const;
