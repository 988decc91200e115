import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { BetRecordRow } from '@koi/contract';
import { formatBalance } from '../../../lib/format';
import { useBetRecordsQuery, type BetRecordsPage as Page } from '../api/records';
import { Money } from '../components/Money';
import { RecordCard, RecordSummary } from '../components/RecordCard';
import { RangeTabs } from '../components/RangeTabs';
import { RecordList } from '../components/RecordList';
import { useRangeParam } from './useRangeParam';

/** betRecords (spec §2): the player's bets summed per game; a game opens its rounds (betDetail). */
export default function BetRecordsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [range, setRange] = useRangeParam();
  const query = useBetRecordsQuery(range);

  return (
    <div className="records-page">
      <RangeTabs value={range} onChange={setRange} />
      <RecordList<BetRecordRow, Page>
        query={query}
        itemKey={(r) => `${r.plat_type_id}:${r.game_code}`}
        header={(first) => (
          <RecordSummary
            testId="bet-summary"
            figures={[
              { label: t('records.betCount'), value: first.summary.bet_count },
              { label: t('records.stake'), value: formatBalance(first.summary.stake) },
              { label: t('records.profit'), value: formatBalance(first.summary.profit) },
            ]}
          />
        )}
        renderItem={(r) => (
          <RecordCard
            title={r.game_name}
            amount={<Money value={r.profit} />}
            meta={`${r.plat_name} · ${t('records.bets', { count: r.bet_count })}`}
            aside={<span>{`${t('records.stake')} ${formatBalance(r.stake)}`}</span>}
            onClick={() =>
              navigate(
                `/betDetail?${new URLSearchParams({
                  plat_type_id: String(r.plat_type_id),
                  game_code: r.game_code,
                  game_name: r.game_name,
                  range: String(range),
                })}`,
              )
            }
          />
        )}
      />
    </div>
  );
}
