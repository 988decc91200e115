import type { GameItem, Locale } from '@koi/contract';
import { localName } from '../../lib/local-name';
import type { GameRow } from './games.repository';
import type { CategoryTab, GamesService } from './games.service';

/* The games module's one mapping from its camelCase rows to the snake_case wire (decision 3). */

/**
 * Generated artwork (artwork.ts) draws a game's or a provider's name into the picture, so English mode asks
 * for the English drawing; an image an operator uploaded is the same in both languages.
 */
export function localArt(path: string, locale: Locale): string {
  return locale === 'en' && path.startsWith('/art/') ? `${path}?lang=en` : path;
}

export function gameItemWire(row: GameRow, locale: Locale): GameItem {
  return {
    id: row.id,
    name: localName(row.nameZh, row.nameEn, locale),
    game_image: localArt(row.gameImage, locale),
    image: localArt(row.image, locale),
    status: row.status,
    open_type: row.openType,
    plat_type_id: row.platTypeId,
    game_type_id: row.gameTypeId,
    game_code: row.gameCode,
    is_hot: row.isHot,
  };
}

export const gamePageWire = (page: { rows: GameRow[]; total: number }, locale: Locale) => ({
  data: page.rows.map((row) => gameItemWire(row, locale)),
  total: page.total,
});

type PlatRecord = Awaited<ReturnType<GamesService['platList']>>[number];

export const platRecordWire = (p: PlatRecord, locale: Locale) => ({
  game_type_id: p.gameTypeId,
  plat_type_id: p.providerId,
  brand_image: localArt(p.brandImage, locale),
  plat_name: localName(p.providerName, p.providerNameEn, locale),
  game_count: p.gameCount,
});

export const categoryTabWire = (c: CategoryTab) => ({
  game_type_id: c.gameTypeId,
  name: c.name,
  icon: c.icon,
  sort: c.sort,
});
