import { useTranslation } from 'react-i18next';
import { Tabs } from '../../../components/Tabs';
import { imageUrl } from '../../../lib/format';
import { useGameTypesQuery } from '../../games/api/gameTypes';
import { categoryName } from '../../games/categoryName';
import type { GameCategory } from '../../games/api/types';
import './CategoryTabs.css';

/** The hot tab (game_type_id 0) is always there, even before the categories have loaded or when they failed. */
const HOT_ONLY: GameCategory[] = [{ game_type_id: 0, name: '', icon: '', sort: 0 }];
/** Categories with artwork of our own (public/assets/categories); others show the server's icon. */
const OWN_ART = new Set([0, 1, 2, 3, 4, 5, 6, 7]);

/** `game_type` from the address: a category id (0 = hot); anything else selects hot. */
export function parseHomeCategory(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 && n <= 99 ? n : 0;
}

/**
 * Spec §2/§4: the home tabs are the categories of `POST /api/plat/game-type` (hot first, in the server's
 * order), loaded once at start. A name the app translates is shown in the player's language; others as sent.
 */
export function CategoryTabs({ value, onChange }: { value: number; onChange: (c: number) => void }) {
  // Subscribes to the language, so the category names (read from the contract) follow a switch.
  useTranslation();
  const types = useGameTypesQuery();
  const tabs = types.data?.length ? types.data : HOT_ONLY;
  return (
    <Tabs
      className="category-tabs"
      value={value}
      onChange={onChange}
      tabs={tabs.map(({ game_type_id: id, name, icon }) => ({
        key: id,
        label: (
          <>
            <img
              src={OWN_ART.has(id) ? `/assets/categories/cat-${id}.svg` : imageUrl(icon)}
              alt=""
              width={64}
              height={64}
              className="category-tabs__icon"
            />
            <span>{categoryName(id, 'tab', name)}</span>
          </>
        ),
      }))}
    />
  );
}
