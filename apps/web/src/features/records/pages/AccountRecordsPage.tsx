import type { WinLossRow } from '@koi/contract';
import { useTranslation } from 'react-i18next';
import { PageLoading, PageState } from '../../../components/PageState';
import { formatBalance } from '../../../lib/format';
import { useIsSignedIn } from '../../../stores/auth';
import { categoryName } from '../../games/categoryName';
import { useWinLossQuery } from '../api/records';
import { Money } from '../components/Money';
import { ProfitChart } from '../components/ProfitChart';
import { Pull, SignInFirst } from '../components/RecordList';
import { profitBars } from '../profitBars';
import { RangeTabs } from '../components/RangeTabs';
import { useRangeParam } from './useRangeParam';
import '../components/RecordList.css';

/** accountRecords (spec §2): the win/loss report, totals and a small chart, per day and category. */
export default function AccountRecordsPage() {
  const { t } = useTranslation();
  const signedIn = useIsSignedIn();
  const [range, setRange] = useRangeParam();
  const query = useWinLossQuery(range);
  // The app names the categories it knows in the player's language; others keep the server's name.
  const nameOf = (r: WinLossRow) => categoryName(r.game_type_id, 'full', r.category_name);

  let body;
  if (!signedIn) {
    body = <SignInFirst />;
  } else if (query.isPending) {
    body = <PageLoading />;
  } else if (query.isError && !query.data) {
    body = <PageState kind="error" onRetry={() => void query.refetch()} />;
  } else {
    const { data, total } = query.data;
    body = (
      <Pull onRefresh={query.refetch}>
        <div className="record-summary" data-testid="winloss-total">
          <div>
            <small>{t('records.stake')}</small>
            <strong>{formatBalance(total.stake)}</strong>
          </div>
          <div>
            <small>{t('records.payout')}</small>
            <strong>{formatBalance(total.payout)}</strong>
          </div>
          <div>
            <small>{t('records.profit')}</small>
            <strong>{formatBalance(total.profit)}</strong>
          </div>
        </div>
        {data.length === 0 ? (
          <PageState kind="empty" text={t('records.empty')} />
        ) : (
          <>
            <ProfitChart bars={profitBars(data, range, nameOf)} title={t('records.chart')} />
            <ul className="record-list" data-testid="record-list">
              {data.map((r) => (
                <li key={`${r.date}:${r.game_type_id}`} className="record-card">
                  <div className="record-card__row">
                    <span className="record-card__title">{nameOf(r)}</span>
                    <Money value={r.profit} />
                  </div>
                  <div className="record-card__row record-card__meta">
                    <span>
                      {r.date} · {t('records.bets', { count: r.bet_count })}
                    </span>
                    <span>
                      {t('records.stake')} {formatBalance(r.stake)}
                    </span>
                  </div>
                </li>
              ))}
            </ul>
          </>
        )}
      </Pull>
    );
  }

  return (
    <div className="records-page">
      <RangeTabs value={range} onChange={setRange} />
      {body}
    </div>
  );
}
