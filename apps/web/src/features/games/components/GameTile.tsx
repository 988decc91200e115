import { useTranslation } from 'react-i18next';
import { imageUrl, PLACEHOLDER_IMAGE } from '../../../lib/format';
import type { GameItem } from '../api/types';
import './GameTile.css';

/** Spec §2: non-playable items show a corner badge for status 2, 3 or 4. */
export function StatusBadge({ status }: { status: GameItem['status'] }) {
  const { t } = useTranslation();
  if (status !== 2 && status !== 3 && status !== 4) return null;
  return <span className={`game-badge game-badge--${status}`}>{t(`home.status.${status}`)}</span>;
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
  const dimmed = game.status === 2 || game.status === 3 || game.status === 4;
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
