import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageLoading, PageState, QueryStates } from '../../../components/PageState';
import { formatTime } from '../../../lib/format';
import { ApiError } from '../../../lib/http';
import { showToast } from '../../../lib/toast';
import { useAuthStore } from '../../../stores/auth';
import { SignInFirst } from '../../auth/components/SignInFirst';
import { CheckInCard } from '../../vip/components/CheckInCard';
import { useVipListQuery } from '../../vip/api/vipList';
import { useBonusesQuery, type Bonus } from '../api/bonuses';
import { useClaimAllMutation } from '../api/claim';
import { useClaimableQuery } from '../api/claimable';
import '../promotions.css';

/**
 * benefit (spec §2, the welfare centre): today's VIP check-in and the VIP rewards waiting on vipInfo, everything
 * claimable from promotions in one place with "claim all", and the player's bonuses with their turnover
 * progress (required, done, percent, expiry).
 */
export default function BenefitPage() {
  const { t } = useTranslation();
  const token = useAuthStore((s) => s.token);
  if (!token) {
    return <SignInFirst text={t('promotions.benefit.signIn')} actionText={t('promotions.signInToClaim')} />;
  }
  return (
    <div className="promo-page">
      <VipSection />
      <ClaimableSection />
      <BonusesSection />
    </div>
  );
}

/** The VIP part: today's check-in, and how much the VIP rewards waiting on vipInfo come to. */
function VipSection() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useVipListQuery();
  if (query.isError) return <PageState kind="error" onRetry={() => void query.refetch()} />;
  if (!query.data) return <PageLoading />;
  const waiting = query.data.rewards.filter((r) => r.status === 1).length;
  return (
    <section className="promo-section" data-testid="benefit-vip">
      <div className="promo-section__head">
        <h3>{t('promotions.benefit.vip')}</h3>
      </div>
      <CheckInCard checkIn={query.data.check_in} />
      {waiting > 0 ? (
        <ul className="stack-list promo-claimables">
          <li>
            <button type="button" onClick={() => navigate('/vipInfo')}>
              <span>{t('promotions.benefit.vipRewards', { count: waiting })}</span>
              <span className="promo-amount">{t('promotions.benefit.toVip')}</span>
            </button>
          </li>
        </ul>
      ) : null}
    </section>
  );
}

function ClaimableSection() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useClaimableQuery();
  const claimAll = useClaimAllMutation();
  const [problems, setProblems] = useState<string[]>([]);

  return (
    <section className="promo-section">
      <div className="promo-section__head">
        <h3>{t('promotions.benefit.claimable')}</h3>
        {query.data ? (
          <span className="promo-total">{t('promotions.benefit.total', { amount: query.data.total })}</span>
        ) : null}
      </div>
      {query.isPending ? (
        <PageLoading />
      ) : query.isError ? (
        <PageState kind="error" onRetry={() => void query.refetch()} />
      ) : query.data.list.length === 0 ? (
        <PageState
          kind="empty"
          text={t('promotions.benefit.nothing')}
          onRetry={() => navigate('/activity')}
          actionText={t('promotions.benefit.toActivity')}
        />
      ) : (
        <>
          <ul className="stack-list promo-claimables">
            {query.data.list.map((p) => (
              <li key={p.id}>
                <button type="button" onClick={() => navigate(`/activityDetail?id=${p.id}`)}>
                  <span>{p.title}</span>
                  <span className="promo-amount">+{p.amount}</span>
                </button>
              </li>
            ))}
          </ul>
          <Button
            block
            color="primary"
            shape="rounded"
            loading={claimAll.isPending}
            onClick={() =>
              claimAll.mutate(undefined, {
                onSuccess: (r) => {
                  showToast(t('promotions.benefit.claimedAll', { amount: r.total }));
                  setProblems(
                    r.list.flatMap((x) =>
                      x.error ? [t('promotions.benefit.partly', { title: x.title, reason: x.error })] : [],
                    ),
                  );
                },
                onError: (e) => setProblems([e instanceof ApiError ? e.message : String(e)]),
              })
            }
          >
            {t('promotions.benefit.claimAll')}
          </Button>
        </>
      )}
      {problems.map((p) => (
        <p key={p} className="promo-claim__reason" role="alert">
          {p}
        </p>
      ))}
    </section>
  );
}

function BonusesSection() {
  const { t } = useTranslation();
  const query = useBonusesQuery();
  return (
    <section className="promo-section">
      <h3>{t('promotions.benefit.bonuses')}</h3>
      <QueryStates query={query} emptyText={t('promotions.benefit.noBonuses')}>
        {(bonuses) => (
          <ul className="stack-list">
            {bonuses.map((b) => (
              <BonusCard key={b.id} bonus={b} />
            ))}
          </ul>
        )}
      </QueryStates>
    </section>
  );
}

function BonusCard({ bonus: b }: { bonus: Bonus }) {
  const { t } = useTranslation();
  return (
    <li className="promo-bonus" data-testid="bonus-row">
      <div className="promo-card__head">
        <span className="promo-card__title">{b.title}</span>
        <span className="promo-amount">+{b.amount}</span>
      </div>
      <div
        className="promo-bar"
        role="progressbar"
        aria-valuenow={b.percent}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div className="promo-bar__fill" style={{ width: `${b.percent}%` }} />
      </div>
      <div className="promo-bonus__nums">
        <span>
          {t('promotions.benefit.required')} {b.required}
        </span>
        <span>
          {t('promotions.benefit.done')} {b.done} ({b.percent}%)
        </span>
        <span>
          {t('promotions.benefit.remaining')} {b.remaining}
        </span>
      </div>
      <div className="promo-card__foot">
        <span className={`promo-tag promo-tag--bonus-${b.state}`}>
          {t(`promotions.benefit.bonusState.${b.state}`)}
        </span>
        {b.expires_at ? (
          <span className="promo-muted">
            {t('promotions.benefit.expires', { time: formatTime(b.expires_at) })}
          </span>
        ) : null}
      </div>
      {b.forfeit_reason && b.forfeited ? (
        <p className="promo-muted">
          {t(`promotions.benefit.forfeit.${b.forfeit_reason}`, { amount: b.forfeited })}
        </p>
      ) : null}
    </li>
  );
}
