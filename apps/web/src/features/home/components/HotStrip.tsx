import { useTranslation } from 'react-i18next';
import { FireIcon } from '../../../components/Icons';
import { imageUrl } from '../../../lib/format';
import type { GameItem } from '../../games/api/types';
import './HotStrip.css';

/**
 * Spec §2: recommended hot games scroll continuously; the list is duplicated so the loop has no seam, each
 * item 2.53 rem wide. Hidden when there are no hot games.
 */
export function HotStrip({
  games,
  onOpen,
}: {
  games: GameItem[] | undefined;
  onOpen: (g: GameItem) => void;
}) {
  const { t } = useTranslation();
  if (!games?.length) return null;
  const doubled = [...games, ...games];
  return (
    <section className="home-section hot-strip" aria-label={t('home.hotGames')}>
      <h2 className="section-title">
        <FireIcon className="section-title__icon" />
        {t('home.hotGames')}
      </h2>
      <div className="hot-strip__viewport">
        <div className="hot-strip__track" style={{ animationDuration: `${games.length * 3}s` }}>
          {doubled.map((game, i) => (
            <button
              key={`${game.id}-${i}`}
              type="button"
              className="hot-strip__item"
              onClick={() => onOpen(game)}
              aria-hidden={i >= games.length}
              tabIndex={i >= games.length ? -1 : 0}
              aria-label={game.name}
            >
              <img src={imageUrl(game.game_image || game.image)} alt="" loading="lazy" />
            </button>
          ))}
        </div>
      </div>
    </section>
  );
}
