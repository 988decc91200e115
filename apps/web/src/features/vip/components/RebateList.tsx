import { Button, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatBalance } from '../../../lib/format';
import { RecordCard } from '../../records/components/RecordCard';
import { RecordList } from '../../records/components/RecordList';
import {
  useClaimRebateMutation,
  useRebatesQuery,
  type Rebate,
  type RebateFilter,
  type RebatesPage,
} from '../api/rebates';
import { plain } from './money';

/**
 * The player's rebates, one card a UTC+8 day: the amount, the valid bet it came from, the claim button while
 * claimable, and the lines (category, bets, valid bet × contribution × rate) that make it up.
 */
export function RebateList({
  status,
  header,
}: {
  status: RebateFilter;
  header?: (first: RebatesPage) => React.ReactNode;
}) {
  const { t } = useTranslation();
  const query = useRebatesQuery(status);
  const claim = useClaimRebateMutation();
  const onClaim = async (day: string) => {
    try {
      const r = await claim.mutateAsync(day);
      Toast.show({ content: t('vip.claimedOk', { amount: formatBalance(r.amount) }), icon: 'success' });
    } catch {
      // The client already toasted the server's reason.
    }
  };
  return (
    <RecordList<Rebate, RebatesPage>
      query={query}
      header={header}
      itemKey={(r) => r.day}
      renderItem={(r) => (
        <RecordCard
          testId="rebate-record"
          title={t('rebate.dayOf', { day: r.day })}
          amount={<span className="money--up">+{formatBalance(r.amount)}</span>}
          meta={`${t('rebate.validBet', { amount: plain(r.valid_bet) })} · ${t('rebate.level', { level: r.level })}`}
          aside={
            r.status === 1 ? (
              <Button
                size="mini"
                color="primary"
                shape="rounded"
                loading={claim.isPending && claim.variables === r.day}
                onClick={() => void onClaim(r.day)}
              >
                {t('vip.claim')}
              </Button>
            ) : (
              <span className="vip-state vip-state--done">{t('rebate.status.2')}</span>
            )
          }
        >
          <ul className="rebate-lines" aria-label={t('rebate.lines')}>
            {r.lines.map((l) => (
              <li key={l.game_type_id} className="record-card__row record-card__meta">
                <span>
                  {t('rebate.line', {
                    category: t(`vip.category.${l.game_type_id}` as 'vip.category.1'),
                    count: l.bet_count,
                    bet: plain(l.valid_bet),
                    weight: l.weight,
                    rate: l.rate,
                  })}
                </span>
                <span>+{plain(l.amount)}</span>
              </li>
            ))}
          </ul>
        </RecordCard>
      )}
    />
  );
}

/** The claimable and claimed totals with "claim all" (income's rebate tab and backRecords' header). */
export function RebateSummary({
  first,
  onClaimAll,
  claiming,
}: {
  first: RebatesPage;
  onClaimAll: () => void;
  claiming: boolean;
}) {
  const { t } = useTranslation();
  const claimable = Number(first.claimable) > 0;
  return (
    <div className="section-card rebate-summary" data-testid="rebate-summary">
      <div className="rebate-summary__cell">
        <span className="rebate-summary__label">{t('rebate.claimable')}</span>
        <strong data-testid="rebate-claimable">{formatBalance(first.claimable)}</strong>
      </div>
      <div className="rebate-summary__cell">
        <span className="rebate-summary__label">{t('rebate.claimed')}</span>
        <strong data-testid="rebate-claimed">{formatBalance(first.claimed)}</strong>
      </div>
      <Button
        color="primary"
        shape="rounded"
        size="small"
        disabled={!claimable}
        loading={claiming}
        onClick={onClaimAll}
      >
        {t('vip.claimAll')}
      </Button>
    </div>
  );
}
