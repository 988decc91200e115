import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageLoading, PageState } from '../../../components/PageState';
import { imageUrl } from '../../../lib/format';
import { useGamePlatListQuery } from '../api/gamePlatList';
import { categoryName } from '../categoryName';
import type { GameCategoryRecord } from '../api/types';
import './AllGamesPage.css';

/** Spec §2: the seven blocks in this order, each with its title and icon. */
export const ALL_GAMES_BLOCKS = [1, 2, 3, 4, 5, 6, 7] as const;

export function groupByCategory(records: GameCategoryRecord[]) {
  return ALL_GAMES_BLOCKS.map((id) => ({ id, items: records.filter((r) => r.game_type_id === id) })).filter(
    (block) => block.items.length > 0,
  );
}

export default function AllGamesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useGamePlatListQuery();
  if (query.isPending) return <PageLoading />;
  if (query.isError) return <PageState kind="error" onRetry={() => void query.refetch()} />;
  const blocks = groupByCategory(query.data);
  if (!blocks.length) return <PageState kind="empty" text={t('home.noGames')} />;
  return (
    <div className="all-games">
      {blocks.map((block) => (
        <section key={block.id} className="all-games__block" data-testid={`block-${block.id}`}>
          <h2 className="section-title">
            <img src={`/assets/categories/type-${block.id}.svg`} alt="" className="section-title__img" />
            {categoryName(block.id)}
          </h2>
          <div className="all-games__grid">
            {block.items.map((record) => (
              <button
                key={`${record.game_type_id}-${record.plat_type_id}`}
                type="button"
                className="brand-tile"
                onClick={() =>
                  navigate(`/cateList?plat_id=${record.plat_type_id}&plat_type=${record.game_type_id}`)
                }
              >
                <img src={imageUrl(record.brand_image)} alt={record.plat_name ?? ''} loading="lazy" />
              </button>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
