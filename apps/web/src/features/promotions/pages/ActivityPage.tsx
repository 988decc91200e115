import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageLoading, PageState } from '../../../components/PageState';
import { Tabs } from '../../../components/Tabs';
import { categoryName } from '../../games/categoryName';
import { useTaskListQuery, type PromotionItem } from '../api/taskList';
import { EndsIn } from '../components/Countdown';
import { PromotionBanner } from '../components/PromotionBanner';
import '../promotions.css';

/** activity (spec §2, the 活动 tab): running promotions with their banners, a category filter and countdowns. */
export default function ActivityPage() {
  const { t } = useTranslation();
  const query = useTaskListQuery();
  const [category, setCategory] = useState(0);
  const categories = useMemo(
    () => [...new Set((query.data ?? []).map((p) => p.category).filter((c) => c > 0))].sort((a, b) => a - b),
    [query.data],
  );
  const shown = (query.data ?? []).filter(
    (p) => category === 0 || p.category === category || p.category === 0,
  );

  if (query.isPending) return <PageLoading />;
  if (query.isError) {
    return <PageState kind="error" text={t('promotions.loadFailed')} onRetry={() => void query.refetch()} />;
  }
  return (
    <div className="promo-page">
      {categories.length > 0 ? (
        <Tabs
          className="promo-filter"
          tabClassName="outline-tab"
          tabs={[0, ...categories].map((c) => ({
            key: c,
            label: c === 0 ? t('promotions.all') : categoryName(c, 'tab'),
          }))}
          value={category}
          onChange={setCategory}
        />
      ) : null}
      {shown.length === 0 ? (
        <PageState kind="empty" text={t('promotions.empty')} />
      ) : (
        <ul className="stack-list">
          {shown.map((p) => (
            <PromotionCard key={p.id} item={p} />
          ))}
        </ul>
      )}
    </div>
  );
}

function PromotionCard({ item }: { item: PromotionItem }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <li className="promo-card">
      <button
        type="button"
        className="promo-card__open"
        onClick={() => navigate(`/activityDetail?id=${item.id}`)}
      >
        <PromotionBanner banner={item.banner} title={item.title} />
        <div className="promo-card__body">
          <div className="promo-card__head">
            <span className="promo-card__title">{item.title}</span>
            <span className={`promo-tag promo-tag--${item.state}`}>
              {t(`promotions.state.${item.state}`)}
            </span>
          </div>
          {item.summary ? <p className="promo-card__summary">{item.summary}</p> : null}
          <div className="promo-card__foot">
            <EndsIn endsAt={item.ends_at} />
            <span className="promo-card__more">{t('promotions.details')} ›</span>
          </div>
        </div>
      </button>
    </li>
  );
}
