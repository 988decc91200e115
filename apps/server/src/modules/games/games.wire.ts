import type { GameItem, Locale } from '@koi/contract';
import type { GameRow } from './games.repository';
import type { CategoryTab, GamesService } from './games.service';

/* The games module's one mapping from its camelCase rows to the snake_case wire (decision 3). */

export function gameItemWire(row: GameRow, locale: Locale): GameItem {
  return {
    id: row.id,
    name: locale === 'en' ? row.nameEn : row.nameZh,
    game_image: row.gameImage,
    image: row.image,
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

export const platRecordWire = (p: PlatRecord) => ({
  game_type_id: p.gameTypeId,
  plat_type_id: p.providerId,
  brand_image: p.brandImage,
  plat_name: p.providerName,
  game_count: p.gameCount,
});

export const categoryTabWire = (c: CategoryTab) => ({
  game_type_id: c.gameTypeId,
  name: c.name,
  icon: c.icon,
  sort: c.sort,
});
