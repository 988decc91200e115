import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FireIcon } from '../../../components/Icons';
import { imageUrl } from '../../../lib/format';
import { useFirstScreenDone } from '../../../lib/useFirstScreenDone';
import type { GameItem } from '../../games/api/types';
import './HotStrip.css';

/** How many placeholder tiles fill the strip's width (2.53 rem each) while the hot games load. */
const SKELETON_TILES = 4;

/**
 * Spec §2: recommended hot games scroll continuously; the list is duplicated so the loop has no seam, each
 * item 2.53 rem wide. Hidden when there are no hot games. While they load, placeholders of the final size
 * hold the strip's space, so the lobby below does not jump down when the games arrive (layout shift).
 *
 * The copy that closes the loop, and with it the motion, comes once the first screen is done: none of its
 * tiles is on screen before the strip moves, and drawn with the first copy they were a third of the tiles of
 * the home page's data render (the strip's two copies and the grid), a long task on a slow phone. Appended
 * to the right of a clipped track, the copy moves nothing else on the page.
 */
export function HotStrip({
  games,
  loading = false,
  onOpen,
}: {
  games: GameItem[] | undefined;
  loading?: boolean;
  onOpen: (g: GameItem) => void;
}) {
  const { t } = useTranslation();
  const looping = useFirstScreenDone();
  if (loading && !games?.length) {
    return (
      <HotStripFrame title={t('home.hotGames')} busy>
        <div className="hot-strip__track hot-strip__track--still">
          {Array.from({ length: SKELETON_TILES }, (_, i) => (
            <span key={i} className="hot-strip__item hot-strip__placeholder skeleton" />
          ))}
        </div>
      </HotStripFrame>
    );
  }
  if (!games?.length) return null;
  const shown = looping ? [...games, ...games] : games;
  return (
    <HotStripFrame title={t('home.hotGames')}>
      <div
        className={`hot-strip__track${looping ? '' : ' hot-strip__track--still'}`}
        style={{ animationDuration: `${games.length * 3}s` }}
      >
        {shown.map((game, i) => (
          <button
            key={`${game.id}-${i}`}
            type="button"
            className="hot-strip__item"
            onClick={() => onOpen(game)}
            aria-hidden={i >= games.length}
            tabIndex={i >= games.length ? -1 : 0}
            aria-label={game.name}
          >
            <img
              src={imageUrl(game.game_image || game.image)}
              alt=""
              width={240}
              height={300}
              loading="lazy"
            />
          </button>
        ))}
      </div>
    </HotStripFrame>
  );
}

function HotStripFrame({ title, busy, children }: { title: string; busy?: boolean; children: ReactNode }) {
  return (
    <section className="section-card hot-strip" aria-label={title} aria-busy={busy || undefined}>
      <h2 className="section-title">
        <FireIcon className="section-title__icon" />
        {title}
      </h2>
      <div className="hot-strip__viewport">{children}</div>
    </section>
  );
}
