import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { GAME_PROVIDER_NAMES, type GameProvider } from '@koi/contract';
import { useGamesQuery } from '../api/games';
import { GameGrid } from '../components/GameGrid';
import { useOpenGame } from '../useOpenGame';

/** cateList (spec §2): the games of one provider (plat_id) in one category (plat_type). */
export default function CateListPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const platId = Number(search.get('plat_id')) || undefined;
  const platType = Number(search.get('plat_type')) || undefined;
  const openGameFor = useOpenGame();
  const query = useGamesQuery({ plat_type: platId, game_type: platType });
  const provider = platId ? GAME_PROVIDER_NAMES[platId as GameProvider] : undefined;
  return (
    <div className="cate-list">
      <div className="cate-list__head">
        {provider ? <strong>{provider}</strong> : null}
        {platType ? <span>{t(`games.categories.${platType}` as 'games.categories.1')}</span> : null}
      </div>
      <GameGrid
        games={query.data}
        columns={2}
        loading={query.isPending}
        error={query.isError}
        onRetry={() => void query.refetch()}
        onOpen={openGameFor}
      />
    </div>
  );
}
