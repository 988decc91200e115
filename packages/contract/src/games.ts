import { z } from 'zod';
import { flagField, intField, listResult, moneyString, optionalText, pageQuery, text } from './common';

/** A game as the lobby shows it (spec §3 game item, plus the names the spec leaves open). */
export const gameItem = z.object({
  id: z.number().int(),
  name: z.string().describe('Display name in the request language (zh-CN by default)'),
  game_image: z.string().describe('Tile for the hot list'),
  image: z.string().describe('Tile for category grids'),
  status: z.number().int().describe('1 playable, 2 under maintenance, 3 coming soon, 4 stay tuned'),
  open_type: z
    .number()
    .int()
    .describe('2 (or missing) opens /redirect in a new window; 1 opens the provider list (cateList)'),
  plat_type_id: z.number().int().describe('Provider id 1-15'),
  game_type_id: z.number().int().describe('Category id 1-7'),
  game_code: z.string(),
  is_hot: z.boolean(),
});
export type GameItem = z.infer<typeof gameItem>;

/** GET /api/plat/game */
export const gameListQuery = z.strictObject({
  game_type: intField({ min: 0, max: 7 }).optional().describe('Category 1-7; 0 or missing = all'),
  plat_type: intField({ min: 0, max: 15 }).optional().describe('Provider 1-15; 0 or missing = all'),
  keyword: optionalText(50).describe('Part of the game name (zh-CN or English) or code'),
  is_hot: flagField().optional(),
  ...pageQuery,
});
export const gameListResult = listResult(gameItem);

/** GET /api/plat/game/hot (the client sends is_hot=1&size=20&page=1) */
export const hotGamesQuery = z.strictObject({
  is_hot: flagField().optional(),
  ...pageQuery,
});
export const hotGamesResult = listResult(gameItem);

/** GET /api/plat/game-plat-list: category records for the all-games list. */
export const gamePlatListQuery = z.strictObject({
  game_type: intField({ min: 0, max: 7 }).optional(),
});
export const gameCategoryRecord = z.object({
  game_type_id: z.number().int(),
  plat_type_id: z.number().int(),
  brand_image: z.string(),
  plat_name: z.string(),
  game_count: z.number().int(),
});
export const gamePlatListResult = z.array(gameCategoryRecord);

/** POST /api/plat/game-type (body game_plat_type=0): the category tabs of home. */
export const gameTypeRequest = z
  .strictObject({ game_plat_type: intField({ min: 0, max: 15 }).optional().default(0) })
  .nullish();
export const gameCategory = z.object({
  game_type_id: z.number().int().describe('0 = hot'),
  name: z.string(),
  icon: z.string(),
  sort: z.number().int(),
});
export const gameTypeResult = z.array(gameCategory);

/** GET /api/game/login */
export const gameLoginQuery = z.strictObject({
  game_code: text(64).pipe(z.string().min(1, { message: '不能为空' })),
  plat_type: intField({ min: 1, max: 15 }),
});
export const gameLoginResult = z.object({ url: z.string() });

/**
 * GET /api/plat/in-game: the player's money held now at transfer-wallet providers (each provider asked), shown
 * beside the wallet balance as 游戏中 and recalled when the player returns to Koi.
 */
export const inGameResult = z.object({
  total: moneyString,
  games: z.array(z.object({ plat_type: z.number().int(), provider: z.string(), amount: moneyString })),
});
export type InGameResult = z.infer<typeof inGameResult>;
