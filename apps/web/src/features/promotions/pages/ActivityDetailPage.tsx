import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageLoading, PageState } from '../../../components/PageState';
import { ApiError } from '../../../lib/http';
import { useTaskDetailQuery, type PromotionDetail } from '../api/taskDetail';
import { ClaimButton } from '../components/ClaimButton';
import { EndsIn } from '../components/Countdown';
import { ProgressList } from '../components/ProgressList';
import { PromotionBanner } from '../components/PromotionBanner';
import '../promotions.css';

const positive = (v: string | null) => {
  const n = Number(v);
  return v !== null && Number.isInteger(n) && n > 0 ? n : undefined;
};

/**
 * activityDetail (spec §2): one promotion by `id`, or by `activity_type` from the home banners (9 and 999):
 * its rules and terms, the player's progress, and the claim button with every refusal explained.
 */
export default function ActivityDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const ref = { id: positive(params.get('id')), activityType: positive(params.get('activity_type')) };
  const query = useTaskDetailQuery(ref);

  if (!ref.id && !ref.activityType) return <PageState kind="empty" text={t('promotions.empty')} />;
  if (query.isPending) return <PageLoading />;
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.code === 7000;
    return notFound ? (
      <PageState kind="empty" text={query.error.message} />
    ) : (
      <PageState kind="error" text={t('promotions.loadFailed')} onRetry={() => void query.refetch()} />
    );
  }
  const p = query.data;
  return (
    <div className="promo-page promo-detail">
      <PromotionBanner banner={p.banner} title={p.title} />
      <section className="promo-section">
        <h2 className="promo-detail__title">{p.title}</h2>
        {p.summary ? <p className="promo-card__summary">{p.summary}</p> : null}
        <EndsIn endsAt={p.ends_at} />
        {p.budget_left !== null ? (
          <p className="promo-muted">{t('promotions.budgetLeft', { amount: p.budget_left })}</p>
        ) : null}
      </section>
      {p.progress.length > 0 ? (
        <section className="promo-section">
          <h3>{t('promotions.myProgress')}</h3>
          <ProgressList progress={p.progress} />
        </section>
      ) : null}
      <section className="promo-section">
        <ClaimButton item={p} />
      </section>
      {p.terms ? <Terms detail={p} /> : null}
      {p.content_html ? (
        <section className="promo-section">
          <h3>{t('promotions.rules')}</h3>
          {/* Sanitised by the server (sanitize-html, a short list of tags) when the operator saved it. */}
          <div className="promo-rich" dangerouslySetInnerHTML={{ __html: p.content_html }} />
          <Link className="promo-link" to={`/customDetail?id=${p.id}`}>
            {t('promotions.content')} ›
          </Link>
        </section>
      ) : null}
    </div>
  );
}

function Terms({ detail }: { detail: PromotionDetail }) {
  const { t } = useTranslation();
  const terms = detail.terms!;
  const rows: [string, string][] = [
    [t('promotions.multiple'), t('promotions.multipleValue', { value: terms.multiple })],
    [t('promotions.maxBet'), terms.max_bet ? `${terms.max_bet} USDT` : t('promotions.none')],
    [t('promotions.maxWin'), terms.max_win ? `${terms.max_win} USDT` : t('promotions.none')],
    [
      t('promotions.expiry'),
      terms.expiry_days ? t('promotions.days', { count: terms.expiry_days }) : t('promotions.none'),
    ],
  ];
  return (
    <section className="promo-section">
      <h3>{t('promotions.terms')}</h3>
      <dl className="promo-terms">
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      {detail.once_per_household ? <p className="promo-muted">{t('promotions.household')}</p> : null}
    </section>
  );
}
