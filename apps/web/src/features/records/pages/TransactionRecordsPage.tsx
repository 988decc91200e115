import type { BillChange } from '@koi/contract';
import { useTranslation } from 'react-i18next';
import { formatBalance, formatTime } from '../../../lib/format';
import { useBillChangesQuery, type RecordPage } from '../api/records';
import { Money } from '../components/Money';
import { RecordCard } from '../components/RecordCard';
import { RangeTabs } from '../components/RangeTabs';
import { RecordList } from '../components/RecordList';
import { useRangeParam } from './useRangeParam';

/** Reference types with a reason of their own (records.reason). */
const REASONS: Record<string, true> = { bonus_max_win: true };

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

  // A bonus forfeit reads the same by its code whether frozen, expired or cut at max win: say which.
  const reasonOf = (r: BillChange) =>
    r.reference_type in REASONS ? t(`records.reason.${r.reference_type}`) : '';

  return (
    <div className="records-page">
      <RangeTabs value={range} onChange={setRange} />
      <RecordList<BillChange, RecordPage<BillChange>>
        query={query}
        itemKey={(r) => r.id}
        renderItem={(r) => (
          <RecordCard
            title={[r.type_name, r.phase === 'posted' ? '' : phaseLabel(r), reasonOf(r)]
              .filter(Boolean)
              .join(' · ')}
            amount={<Money value={r.amount} />}
            meta={formatTime(r.created_at)}
            aside={<span>{`${t('records.balanceAfter')} ${formatBalance(r.balance_after)}`}</span>}
          />
        )}
      />
    </div>
  );
}
