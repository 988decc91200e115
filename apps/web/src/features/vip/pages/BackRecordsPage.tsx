import { Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatBalance } from '../../../lib/format';
import { useSearchParam } from '../../../lib/useSearchParam';
import { useClaimAllRebatesMutation, type RebateFilter } from '../api/rebates';
import { RebateList, RebateSummary } from '../components/RebateList';
import { FilterTabs } from '../../records/components/FilterTabs';
import './vip.css';

const FILTERS: readonly RebateFilter[] = [0, 1, 2];
const parseFilter = (v: string | null): RebateFilter => (v === '1' ? 1 : v === '2' ? 2 : 0);

/** The claim-all button of the rebate screens: one toast with what was paid. */
export function useClaimAllRebates() {
  const { t } = useTranslation();
  const claimAll = useClaimAllRebatesMutation();
  return {
    claiming: claimAll.isPending,
    run: async () => {
      try {
        const r = await claimAll.mutateAsync();
        Toast.show({ content: t('vip.claimedOk', { amount: formatBalance(r.amount) }), icon: 'success' });
      } catch {
        // The client already toasted the server's reason.
      }
    },
  };
}

/** backRecords (spec §2): the player's rebates by day, with the bets each came from. */
export default function BackRecordsPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useSearchParam('status', parseFilter);
  const claimAll = useClaimAllRebates();
  return (
    <div className="records-page vip-page">
      <p className="vip-note">{t('rebate.rule')}</p>
      <FilterTabs
        label={t('rebate.records')}
        value={status}
        onChange={setStatus}
        tabs={FILTERS.map((k) => ({ key: k, label: t(`rebate.filter.${k}`) }))}
      />
      <RebateList
        status={status}
        header={(first) => (
          <RebateSummary first={first} claiming={claimAll.claiming} onClaimAll={() => void claimAll.run()} />
        )}
      />
    </div>
  );
}
