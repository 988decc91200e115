import { useTranslation } from 'react-i18next';
import { PageState, QueryStates } from '../../components/PageState';
import { useCommissionIncomeQuery } from './api/commissionIncome';
import { AgentRowEnd, AgentStat } from './components/AgentStat';
import './agents.css';

/**
 * The commission half of `income`: what is pending today (an estimate, settled tomorrow), what was paid in all,
 * and every settled day with its amount and the hash of its statement. Self-contained, for the income page's
 * 佣金 tab and the Agent screen.
 */
export default function CommissionIncome() {
  const { t } = useTranslation();
  const query = useCommissionIncomeQuery();
  return (
    <QueryStates query={query}>
      {(income) => (
        <div className="commission-income" data-testid="commission-income">
          <div className="agent-stats">
            <AgentStat
              label={t('agents.income.pending')}
              value={income.pending}
              valueTestId="commission-pending"
            />
            <AgentStat label={t('agents.income.paid')} value={income.paid} valueTestId="commission-paid" />
          </div>
          <p className="agent-note">{t('agents.income.note')}</p>
          {income.data.length === 0 ? (
            <PageState kind="empty" text={t('agents.income.empty')} />
          ) : (
            <ul className="agent-list">
              {income.data.map((row) => (
                <li key={row.day} className="agent-row" data-testid="commission-day">
                  <div>
                    <strong>{row.day}</strong>
                    <small>
                      {t('agents.team')} {row.team_valid}
                    </small>
                    <small className="agent-hash">SHA-256 {row.rows_sha256.slice(0, 16)}…</small>
                  </div>
                  <AgentRowEnd
                    value={row.commission}
                    note={row.paid ? t('agents.income.paidTag') : t('agents.income.zeroTag')}
                    money
                  />
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </QueryStates>
  );
}
