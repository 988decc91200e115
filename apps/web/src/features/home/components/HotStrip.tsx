import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FireIcon } from '../../../components/Icons';
import { imageUrl } from '../../../lib/format';
import { useFirstScreenDone } from '../../../lib/useFirstScreenDone';
import type { GameItem } from '../../games/api/types';
import './HotStrip.css';

/**
 * How many tiles the strip's width shows at most: the layout is 10 rem wide (lib/rem.ts) and a tile takes 2.53
 * rem and a 0.2 rem gap, so three and a part of the fourth. So many placeholders hold the strip while the hot
 * games load, and so many tiles stand in it until it starts to move.
 */
const TILES_IN_VIEW = 4;

/**
 * Spec §2: recommended hot games scroll continuously; the list is duplicated so the loop has no seam, each
 * item 2.53 rem wide. Hidden when there are no hot games. While they load, placeholders of the final size
 * hold the strip's space, so the lobby below does not jump down when the games arrive (layout shift).
 *
 * The rest of the list and the copy that closes the loop, and with them the motion, come once the first screen
 * is done: until the strip moves only the first TILES_IN_VIEW tiles are on screen. Drawn at once, the other
 * tiles and the copy made the strip alone half of the home page's first render, and their pictures (sixteen
 * of twenty) downloaded and decoded beside the first screen's on a slow phone. Appended to the right of a
 * clipped track, they move nothing else on the page.
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
          {Array.from({ length: TILES_IN_VIEW }, (_, i) => (
            <span key={i} className="hot-strip__item hot-strip__placeholder skeleton" />
          ))}
        </div>
      </HotStripFrame>
    );
  }
  if (!games?.length) return null;
  const shown = looping ? [...games, ...games] : games.slice(0, TILES_IN_VIEW);
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
