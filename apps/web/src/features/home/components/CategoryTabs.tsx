import { useTranslation } from 'react-i18next';
import './CategoryTabs.css';

/** Spec §2: hot = 0 and five categories (slots, live video, board/card, fishing, sports). */
export const HOME_CATEGORIES = [0, 5, 7, 1, 3, 6] as const;
export type HomeCategory = (typeof HOME_CATEGORIES)[number];

export function parseHomeCategory(value: string | null): HomeCategory {
  const n = Number(value);
  return (HOME_CATEGORIES as readonly number[]).includes(n) ? (n as HomeCategory) : 0;
}

export function CategoryTabs({
  value,
  onChange,
}: {
  value: HomeCategory;
  onChange: (c: HomeCategory) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="category-tabs" role="tablist">
      {HOME_CATEGORIES.map((id) => (
        <button
          key={id}
          type="button"
          role="tab"
          aria-selected={value === id}
          className={`category-tab${value === id ? ' is-active' : ''}`}
          onClick={() => onChange(id)}
        >
          <img src={`/assets/categories/cat-${id}.svg`} alt="" className="category-tab__icon" />
          <span>{t(`home.categories.${id}`)}</span>
        </button>
      ))}
    </div>
  );
}
