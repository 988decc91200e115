import type { BillChange } from '@koi/contract';
import { useTranslation } from 'react-i18next';
import { formatBalance, formatTime } from '../../../lib/format';
import { useBillChangesQuery, type RecordPage } from '../api/records';
import { Money } from '../components/Money';
import { RecordCard } from '../components/RecordCard';
import { RangeTabs } from '../components/RangeTabs';
import { RecordList } from '../components/RecordList';
import { useRangeParam } from './useRangeParam';

/** transactionRecords (spec §2): every change of the player's balance (账变), newest first. */
export default function TransactionRecordsPage() {
  const { t } = useTranslation();
  const [range, setRange] = useRangeParam();
  const query = useBillChangesQuery(range);

  // A hold's row reads as the held transfer stands now (paid or returned), not as frozen for ever.
  const phaseLabel = (r: BillChange) =>
    r.phase === 'hold' && r.state && r.state !== 'pending'
      ? t(`records.holdState.${r.state}`)
      : t(`records.phase.${r.phase}`);

  return (
    <div className="records-page">
      <RangeTabs value={range} onChange={setRange} />
      <RecordList<BillChange, RecordPage<BillChange>>
        query={query}
        itemKey={(r) => r.id}
        renderItem={(r) => (
          <RecordCard
            title={r.phase === 'posted' ? r.type_name : `${r.type_name} · ${phaseLabel(r)}`}
            amount={<Money value={r.amount} />}
            meta={formatTime(r.created_at)}
            aside={<span>{`${t('records.balanceAfter')} ${formatBalance(r.balance_after)}`}</span>}
          />
        )}
      />
    </div>
  );
}
