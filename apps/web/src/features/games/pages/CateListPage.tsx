import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useGamePlatListQuery } from '../api/gamePlatList';
import { useGamesQuery } from '../api/games';
import { categoryName } from '../categoryName';
import { QueryGameGrid } from '../components/GameGrid';
import { useOpenGame } from '../useOpenGame';
import './AllGamesPage.css';
import './CateListPage.css';

/** cateList (spec §2): the games of one provider (plat_id) in one category (plat_type). */
export default function CateListPage() {
  // Subscribes to the language, so the category names (read from the contract) follow a switch.
  useTranslation();
  const [search] = useSearchParams();
  const platId = Number(search.get('plat_id')) || undefined;
  const platType = Number(search.get('plat_type')) || undefined;
  const openGameFor = useOpenGame();
  const query = useGamesQuery({ plat_type: platId, game_type: platType });
  // The provider's name comes from the brand records (usually cached by the all-games list); importing the
  // contract's name table would pull zod into this screen's chunk.
  const brands = useGamePlatListQuery();
  const provider = brands.data?.find((b) => b.plat_type_id === platId)?.plat_name;
  return (
    <div className="cate-list">
      <div className="cate-list__head">
        {provider ? <strong>{provider}</strong> : null}
        {platType ? <span>{categoryName(Number(platType))}</span> : null}
      </div>
      <QueryGameGrid query={query} columns={2} onOpen={openGameFor} />
    </div>
  );
}
