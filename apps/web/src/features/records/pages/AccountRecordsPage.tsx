import type { WinLossRow } from '@koi/contract';
import { useTranslation } from 'react-i18next';
import { PageLoading, PageState } from '../../../components/PageState';
import { formatBalance } from '../../../lib/format';
import { useIsSignedIn } from '../../../stores/auth';
import { categoryName } from '../../games/categoryName';
import { useWinLossQuery } from '../api/records';
import { Money } from '../components/Money';
import { ProfitChart } from '../components/ProfitChart';
import { RecordCard, RecordSummary } from '../components/RecordCard';
import { Pull, SignInToSeeRecords } from '../components/RecordList';
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
    body = <SignInToSeeRecords />;
  } else if (query.isPending) {
    body = <PageLoading />;
  } else if (query.isError && !query.data) {
    body = <PageState kind="error" onRetry={() => void query.refetch()} />;
  } else {
    const { data, total } = query.data;
    body = (
      <Pull onRefresh={query.refetch}>
        <RecordSummary
          testId="winloss-total"
          figures={[
            { label: t('records.stake'), value: formatBalance(total.stake) },
            { label: t('records.payout'), value: formatBalance(total.payout) },
            { label: t('records.profit'), value: formatBalance(total.profit) },
          ]}
        />
        {data.length === 0 ? (
          <PageState kind="empty" text={t('records.empty')} />
        ) : (
          <>
            <ProfitChart bars={profitBars(data, range, nameOf)} title={t('records.chart')} />
            <ul className="record-list" data-testid="record-list">
              {data.map((r) => (
                <li key={`${r.date}:${r.game_type_id}`}>
                  <RecordCard
                    title={nameOf(r)}
                    amount={<Money value={r.profit} />}
                    meta={`${r.date} · ${t('records.bets', { count: r.bet_count })}`}
                    aside={<span>{`${t('records.stake')} ${formatBalance(r.stake)}`}</span>}
                  />
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
