import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageState } from '../../../components/PageState';
import type { GameItem } from '../api/types';
import { GameTile } from './GameTile';
import './GameGrid.css';

/** Spec §9: 3 columns for hot games, 2 for a category. Loading, empty and error states included. */
export function GameGrid({
  games,
  columns,
  loading,
  error,
  onRetry,
  onOpen,
}: {
  games: GameItem[] | undefined;
  columns: 2 | 3;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  onOpen: (game: GameItem) => void;
}) {
  const { t } = useTranslation();
  if (loading && !games?.length) {
    return (
      <div className={`game-grid game-grid--${columns}`} aria-busy="true">
        {Array.from({ length: columns * 2 }, (_, i) => (
          // Tiles show their art only (the name is in it), so a placeholder is the art's own shape.
          <div key={i} className="game-grid__skeleton skeleton" />
        ))}
      </div>
    );
  }
  if (error && !games?.length)
    return <PageState kind="error" text={t('home.gamesFailed')} onRetry={onRetry} />;
  if (!games?.length) return <PageState kind="empty" text={t('home.noGames')} />;
  return (
    <div className={`game-grid game-grid--${columns}`} data-testid="game-grid">
      {games.map((game) => (
        <GameTile key={game.id} game={game} variant={columns === 3 ? 'hot' : 'category'} onOpen={onOpen} />
      ))}
    </div>
  );
}

/**
 * A GameGrid fed by a games query, with its retry. A query that keeps showing the previous answer while the
 * next one loads (another category) counts as loading, so an empty previous answer shows placeholders rather
 * than 暂无游戏 for a category that has not answered yet.
 */
export function QueryGameGrid({
  query,
  columns,
  onOpen,
}: {
  query: UseQueryResult<GameItem[]>;
  columns: 2 | 3;
  onOpen: (game: GameItem) => void;
}) {
  return (
    <GameGrid
      games={query.data}
      columns={columns}
      loading={query.isPending || (query.isPlaceholderData && query.isFetching)}
      error={query.isError}
      onRetry={() => void query.refetch()}
      onOpen={onOpen}
    />
  );
}
