import { and, eq, isNull } from 'drizzle-orm';
import { GAME_CATEGORIES, GameCategory } from '@koi/contract';
import type { Db } from '../../db/client';
import { gameCategories, gameProviders, games, WalletModel } from './games.schema';
import { artPaths } from './artwork';
import { waitForSchema } from '../../db/schema-ready';

/**
 * The demo catalogue: every provider id 1–15, the seven categories, and 60+ games spread over them, some
 * under maintenance or not yet released, 20+ marked hot. Names are ours; artwork is generated (artwork.ts).
 * Idempotent: rows that exist (by id, or provider + game code) are left as an operator may have edited them,
 * except that a provider with no English name yet (one seeded before there was the column) is given ours.
 */
export const PROVIDERS: { id: number; code: string; name: string; nameEn: string; walletModel: string }[] = [
  { id: 1, code: 'pg', name: 'PG电子', nameEn: 'PG Soft', walletModel: WalletModel.SEAMLESS },
  { id: 2, code: 'ag', name: 'AG视讯', nameEn: 'AG Live', walletModel: WalletModel.SEAMLESS },
  { id: 3, code: 'im', name: 'IM体育', nameEn: 'IM Sports', walletModel: WalletModel.SEAMLESS },
  { id: 4, code: 'jdb', name: 'JDB电子', nameEn: 'JDB Slots', walletModel: WalletModel.SEAMLESS },
  { id: 5, code: 'sabah', name: '沙巴体育', nameEn: 'Saba Sports', walletModel: WalletModel.TRANSFER },
  { id: 6, code: 'cmd', name: 'CMD体育', nameEn: 'CMD Sports', walletModel: WalletModel.TRANSFER },
  { id: 7, code: 'mg', name: 'MG电子', nameEn: 'MG Slots', walletModel: WalletModel.SEAMLESS },
  { id: 8, code: 'cq9', name: 'CQ9电子', nameEn: 'CQ9 Slots', walletModel: WalletModel.SEAMLESS },
  { id: 9, code: 'pp', name: 'PP电子', nameEn: 'Pragmatic Play', walletModel: WalletModel.SEAMLESS },
  { id: 10, code: 'bf', name: 'BF电竞', nameEn: 'BF E-sports', walletModel: WalletModel.TRANSFER },
  { id: 11, code: 'fg', name: 'FG捕鱼', nameEn: 'FG Fishing', walletModel: WalletModel.SEAMLESS },
  { id: 12, code: 'ky', name: '开元棋牌', nameEn: 'KY Cards', walletModel: WalletModel.TRANSFER },
  { id: 13, code: 'vr', name: 'VR彩票', nameEn: 'VR Lottery', walletModel: WalletModel.TRANSFER },
  { id: 14, code: 'sim', name: 'Koi模拟厂商', nameEn: 'Koi Simulator', walletModel: WalletModel.SEAMLESS },
  { id: 15, code: 'koi', name: 'Koi原创', nameEn: 'Koi Originals', walletModel: WalletModel.INTERNAL },
];

/** tabSort orders the home tabs after 热门 (spec §2: hot, slots, live video, board, fishing, sports). */
export const CATEGORIES = [
  { id: GameCategory.BOARD, name: GAME_CATEGORIES[1].zh, tabName: GAME_CATEGORIES[1].tabZh, tabSort: 3 },
  { id: GameCategory.LOTTERY, name: GAME_CATEGORIES[2].zh, tabName: GAME_CATEGORIES[2].tabZh, tabSort: null },
  { id: GameCategory.FISHING, name: GAME_CATEGORIES[3].zh, tabName: GAME_CATEGORIES[3].tabZh, tabSort: 4 },
  { id: GameCategory.ESPORTS, name: GAME_CATEGORIES[4].zh, tabName: GAME_CATEGORIES[4].tabZh, tabSort: null },
  { id: GameCategory.SLOTS, name: GAME_CATEGORIES[5].zh, tabName: GAME_CATEGORIES[5].tabZh, tabSort: 1 },
  { id: GameCategory.SPORTS, name: GAME_CATEGORIES[6].zh, tabName: GAME_CATEGORIES[6].tabZh, tabSort: 5 },
  { id: GameCategory.LIVE_VIDEO, name: GAME_CATEGORIES[7].zh, tabName: GAME_CATEGORIES[7].tabZh, tabSort: 2 },
];

type Seed = [
  code: string,
  zh: string,
  en: string,
  type: number,
  plat: number,
  hot?: boolean,
  status?: number,
];

// prettier-ignore
const GAMES: Seed[] = [
  // Koi originals (provably fair) first: always playable, no provider needed.
  ['dice', '骰子', 'Dice', 5, 15, true], ['limbo', '极限倍数', 'Limbo', 5, 15, true], ['mines', '扫雷', 'Mines', 5, 15, true],
  // Simulator games (a slot and a card game served by apps/provider-sim).
  ['sim-fruit', '水果狂欢', 'Fruit Frenzy', 5, 14, true], ['sim-blackjack', '二十一点', 'Blackjack', 1, 14, true],
  // 电子 (slots)
  ['pg-mahjong', '麻将胡了', 'Mahjong Ways', 5, 1, true], ['pg-captain', '赏金船长', "Captain's Bounty", 5, 1, true],
  ['pg-eldorado', '寻宝黄金城', 'El Dorado', 5, 1, true], ['pg-fortune-cat', '招财猫', 'Fortune Cat', 5, 1],
  ['pg-rabbit', '金钱兔', 'Fortune Rabbit', 5, 1, true], ['mg-candy', '糖果派对', 'Candy Party', 5, 7, true],
  ['mg-wild-west', '狂野西部', 'Wild West', 5, 7], ['pp-gates', '财神到', 'God of Wealth', 5, 9, true],
  ['pp-wheel', '幸运转轮', 'Lucky Wheel', 5, 9], ['cq9-gems', '宝石传奇', 'Gem Legend', 5, 8],
  ['cq9-cleopatra', '埃及艳后', 'Cleopatra', 5, 8, false, 2], ['jdb-rooster', '金鸡报喜', 'Golden Rooster', 5, 4],
  ['jdb-dragon', '龙虎榜', 'Dragon Chart', 5, 4, false, 3],
  // 棋牌 (board and card)
  ['ky-qznn', '抢庄牛牛', 'Banker Bull', 1, 12, true], ['ky-brnn', '百人牛牛', 'Hundred Bull', 1, 12],
  ['ky-zjh', '炸金花', 'Three Card Poker', 1, 12, true], ['ky-texas', '德州扑克', "Texas Hold'em", 1, 12],
  ['ky-ddz', '斗地主', 'Landlord', 1, 12, true], ['ky-ssz', '十三水', 'Thirteen Cards', 1, 12],
  ['ky-pj', '抢庄牌九', 'Pai Gow', 1, 12, false, 2], ['ky-tbnn', '通比牛牛', 'Showdown Bull', 1, 12],
  ['ky-hhdz', '红黑大战', 'Red vs Black', 1, 12, false, 4], ['ky-ermj', '二人麻将', 'Two-Player Mahjong', 1, 12],
  // 彩票 (lottery)
  ['vr-ft', '幸运飞艇', 'Lucky Airship', 2, 13, true], ['vr-ssc', '时时彩', 'Every-Minute Lottery', 2, 13],
  ['vr-pk10', '极速赛车', 'Speed Racing', 2, 13, true], ['vr-klsf', '快乐十分', 'Happy Ten', 2, 13],
  ['vr-11x5', '11选5', 'Pick 5 of 11', 2, 13], ['vr-k3', '快三', 'Fast Three', 2, 13],
  ['vr-lhc', '六合彩', 'Mark Six', 2, 13, false, 3], ['vr-pc28', '幸运28', 'Lucky 28', 2, 13],
  // 捕鱼 (fishing)
  ['fg-tycoon', '捕鱼大亨', 'Fishing Tycoon', 3, 11, true], ['fg-golden-dragon', '金龙捕鱼', 'Golden Dragon Fishing', 3, 11],
  ['fg-sea-king', '海王捕鱼', 'Sea King', 3, 11, true], ['jdb-likui', '李逵劈鱼', 'Li Kui Fishing', 3, 4],
  ['jdb-caishen', '财神捕鱼', 'Fortune God Fishing', 3, 4], ['cq9-shark', '深海狂鲨', 'Deep Sea Shark', 3, 8],
  ['cq9-cannon', '千炮捕鱼', 'Thousand Cannons', 3, 8, false, 2], ['fg-star', '星际捕鱼', 'Star Fishing', 3, 11, false, 4],
  // 电竞 (e-sports)
  ['bf-lol', '英雄联盟', 'League of Legends', 4, 10, true], ['bf-kog', '王者荣耀', 'Honor of Kings', 4, 10],
  ['bf-dota2', 'DOTA2', 'Dota 2', 4, 10], ['bf-cs2', 'CS2', 'Counter-Strike 2', 4, 10],
  ['im-pubg', '绝地求生', 'PUBG', 4, 3], ['im-peace', '和平精英', 'Game for Peace', 4, 3, false, 3],
  // 体育 (sports)
  ['sabah-football', '沙巴足球', 'Football', 6, 5, true], ['sabah-basketball', '沙巴篮球', 'Basketball', 6, 5],
  ['cmd-sports', 'CMD综合体育', 'CMD Sports', 6, 6], ['im-sports', 'IM体育', 'IM Sports', 6, 3, true],
  ['im-tennis', '网球', 'Tennis', 6, 3, false, 2],
  // 视讯 (live video)
  ['ag-baccarat', '百家乐', 'Baccarat', 7, 2, true], ['ag-speed-baccarat', '极速百家乐', 'Speed Baccarat', 7, 2, true],
  ['ag-dragon-tiger', '龙虎斗', 'Dragon Tiger', 7, 2], ['ag-roulette', '轮盘', 'Roulette', 7, 2],
  ['ag-sicbo', '骰宝', 'Sic Bo', 7, 2], ['ag-bull', '视讯牛牛', 'Live Bull', 7, 2, false, 4],
];

const MICRO = 1_000_000n;

export const CATALOGUE_SIZE = GAMES.length;

export async function seedCatalogue(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await waitForSchema(tx);
    await tx
      .insert(gameProviders)
      .values(PROVIDERS.map((p, i) => ({ ...p, brandImage: artPaths.brand(p.id), sort: i })))
      .onConflictDoNothing({ target: gameProviders.id });
    for (const p of PROVIDERS) {
      await tx
        .update(gameProviders)
        .set({ nameEn: p.nameEn })
        .where(and(eq(gameProviders.id, p.id), isNull(gameProviders.nameEn)));
    }
    await tx
      .insert(gameCategories)
      .values(
        CATEGORIES.map((c) => ({
          id: c.id,
          name: c.name,
          icon: artPaths.category(c.id),
          tabSort: c.tabSort,
          sort: c.id,
        })),
      )
      .onConflictDoNothing({ target: gameCategories.id });
    await tx
      .insert(games)
      .values(
        GAMES.map(([code, zh, en, type, plat, hot = false, status = 1], i) => ({
          gameCode: code,
          nameZh: zh,
          nameEn: en,
          gameTypeId: type,
          platTypeId: plat,
          status,
          // Every catalogue entry is a game that opens itself (/redirect); open_type 1 is kept for provider
          // hall entries an operator may add, which open the provider's list (cateList) instead.
          openType: 2,
          isHot: hot,
          sort: i,
          image: artPaths.gameTile(plat, code),
          gameImage: artPaths.gameHot(plat, code),
          minBetMicro: MICRO / 10n,
          maxBetMicro: 10_000n * MICRO,
        })),
      )
      .onConflictDoNothing({ target: [games.platTypeId, games.gameCode] });
  });
}
