/**
 * Spec §3 enumerations. Values are the numbers the client sends and receives. This module has no runtime
 * dependency, and is exported on its own path too (`@koi/contract/enums`) so that the player app can use its
 * values without pulling zod into its first screen.
 */

/** The type of an enumeration's values (the numbers on the wire), named after it. */
type ValueOf<T> = T[keyof T];

export const GameCategory = {
  BOARD: 1,
  LOTTERY: 2,
  FISHING: 3,
  ESPORTS: 4,
  SLOTS: 5,
  SPORTS: 6,
  LIVE_VIDEO: 7,
} as const;
export type GameCategory = ValueOf<typeof GameCategory>;
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
export type GameProvider = ValueOf<typeof GameProvider>;

export const RecordStatus = { COMPLETED: 1, PENDING_REVIEW: 2, REJECTED: 3 } as const;
export type RecordStatus = ValueOf<typeof RecordStatus>;

export const TimeRange = { YESTERDAY: 1, TODAY: 2, WEEK: 3 } as const;
export type TimeRange = ValueOf<typeof TimeRange>;

/** Game status: 1 (or missing) playable, 2 under maintenance, 3 coming soon, 4 stay tuned. */
export const GameStatus = { PLAYABLE: 1, MAINTENANCE: 2, COMING_SOON: 3, STAY_TUNED: 4 } as const;
export type GameStatus = ValueOf<typeof GameStatus>;

/** Withdrawal address types (decision 12). */
export const AddressType = { TRC20: 1, PHONE_WALLET: 2, OTHER_WALLET: 3 } as const;
export type AddressType = ValueOf<typeof AddressType>;

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
