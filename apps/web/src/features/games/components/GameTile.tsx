import { useTranslation } from 'react-i18next';
import { GAME_STATUS_BADGES } from '@koi/contract';
import { imageUrl, PLACEHOLDER_IMAGE } from '../../../lib/format';
import type { GameItem } from '../api/types';
import './GameTile.css';

/** Spec §2: non-playable items show a corner badge for status 2, 3 or 4 (texts from the contract). */
export function StatusBadge({ status }: { status: GameItem['status'] }) {
  const { i18n } = useTranslation();
  const badge = status === null || status === undefined ? undefined : GAME_STATUS_BADGES[status];
  if (!badge) return null;
  return (
    <span className={`game-badge game-badge--${status}`}>{i18n.language === 'en' ? badge.en : badge.zh}</span>
  );
}

export function GameTile({
  game,
  variant,
  onOpen,
}: {
  game: GameItem;
  /** hot tiles use `game_image`, category tiles use `image` (spec §3). */
  variant: 'hot' | 'category';
  onOpen: (game: GameItem) => void;
}) {
  const art = variant === 'hot' ? game.game_image || game.image : game.image || game.game_image;
  const src = imageUrl(art);
  const hasArt = Boolean(art);
  const dimmed =
    game.status !== null && game.status !== undefined && Boolean(GAME_STATUS_BADGES[game.status]);
  return (
    <button
      type="button"
      className={`game-tile game-tile--${variant}${dimmed ? ' is-dimmed' : ''}`}
      onClick={() => onOpen(game)}
      data-testid="game-tile"
      aria-label={game.name}
    >
      <span className="game-tile__art">
        <img
          src={src}
          alt=""
          // The catalogue's art sizes (hot 240×300, category 340×220), so the slot is reserved before it loads.
          width={variant === 'hot' ? 240 : 340}
          height={variant === 'hot' ? 300 : 220}
          loading="lazy"
          decoding="async"
          onError={(e) => {
            if (!e.currentTarget.src.endsWith(PLACEHOLDER_IMAGE)) e.currentTarget.src = PLACEHOLDER_IMAGE;
          }}
        />
        <StatusBadge status={game.status} />
      </span>
      {/* Game art carries the game's name; a caption appears only when the art is missing. */}
      {hasArt ? null : <span className="game-tile__name">{game.name}</span>}
    </button>
  );
}
