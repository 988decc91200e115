import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageState } from '../../../components/PageState';
import { RebateList, RebateSummary } from '../components/RebateList';
import { useClaimAllRebates } from './BackRecordsPage';
import { FilterTabs } from '../../records/components/FilterTabs';
import './vip.css';

type IncomeTab = 'rebate' | 'commission';

/**
 * income (spec §2, the home card's 返水 shortcut): the player's rebates, claimable and claimed, and their
 * agent commission. The commission tab's content comes from the agents feature (`commission`); without it
 * the tab says there is none.
 */
export default function IncomePage({ commission }: { commission?: ReactNode }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<IncomeTab>('rebate');
  const claimAll = useClaimAllRebates();
  return (
    <div className="records-page vip-page">
      <FilterTabs
        value={tab}
        onChange={setTab}
        tabs={(['rebate', 'commission'] as const).map((k) => ({ key: k, label: t(`income.tabs.${k}`) }))}
      />
      {tab === 'rebate' ? (
        <RebateList
          status={0}
          header={(first) => (
            <>
              <RebateSummary
                first={first}
                claiming={claimAll.claiming}
                onClaimAll={() => void claimAll.run()}
              />
              <p className="vip-note">
                {t('rebate.rule')} <Link to="/backRecords">{t('rebate.records')}</Link>
              </p>
            </>
          )}
        />
      ) : (
        // The agents feature draws the commission without a page margin of its own (on the agent page it sits
        // inside a padded card), so this tab gives it the margin the rebate tab's cards have.
        <div className="income-commission">
          {commission ?? <PageState kind="empty" text={t('income.noCommission')} />}
        </div>
      )}
    </div>
  );
}
