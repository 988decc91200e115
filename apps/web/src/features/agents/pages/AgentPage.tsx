import { Button, Popup } from 'antd-mobile';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { BrokerStatement } from '@koi/contract';
import { PageLoading, PageState, QueryStates } from '../../../components/PageState';
import { Tabs } from '../../../components/Tabs';
import { SignInNowButton } from '../../auth/components/SignInNowButton';
import { useIsSignedIn } from '../../../stores/auth';
import { useBrokerInfoQuery } from '../api/brokerInfo';
import { usePlayerLogQuery } from '../api/playerLog';
import { usePlayOutQuery } from '../api/playOut';
import { useStatementQuery } from '../api/statement';
import { useStatementsQuery } from '../api/statements';
import { useSuperiorQuery } from '../api/superior';
import { useTemplateQuery } from '../api/template';
import CommissionIncome from '../CommissionIncome';
import { AgentRowEnd, AgentStat } from '../components/AgentStat';
import { RangeTabs } from '../../records/components/RangeTabs';
import '../agents.css';

type Range = 1 | 2 | 3;
type Tab = 'overview' | 'team' | 'superior' | 'tiers' | 'statements' | 'income';
const TABS: Tab[] = ['overview', 'team', 'superior', 'tiers', 'statements', 'income'];

/** What each tab shows; the tier table and the income, which draw no card of their own, sit in one. */
const PANELS: Record<Tab, () => ReactNode> = {
  overview: () => <Overview />,
  team: () => <Team />,
  superior: () => <Superior />,
  tiers: () => (
    <section className="surface agent-card">
      <TierTable />
    </section>
  ),
  statements: () => <Statements />,
  income: () => (
    <section className="surface agent-card">
      <CommissionIncome />
    </section>
  ),
};

/** A rate as a percentage with up to 4 decimals ("0.005000" → "0.5%"). */
export const percent = (rate: string) => `${Number((Number(rate) * 100).toFixed(4))}%`;

type StatementLine = BrokerStatement['lines_detail'][number];

/** The columns of a statement's lines: each one's title, and what a line shows in it. */
const LINE_COLUMNS: [title: string, cell: (line: StatementLine, t: TFunction) => ReactNode][] = [
  ['agents.downline', (l, t) => `${l.downline} · ${t(`agents.category.${l.game_type_id as 1}`)}`],
  ['agents.branchValid', (l) => l.branch_valid],
  ['agents.ownRate', (l) => percent(l.own_rate)],
  ['agents.downlineTeam', (l) => l.downline_team_valid],
  ['agents.downlineRate', (l) => percent(l.downline_rate)],
  ['agents.differential', (l) => l.differential],
];

function Overview() {
  const { t } = useTranslation();
  const info = useBrokerInfoQuery();
  return (
    <QueryStates query={info}>
      {(d) => (
        <>
          <section className="hero agent-hero" data-testid="agent-overview">
            <small>{d.level > 0 ? t('agents.level', { level: d.level }) : t('agents.levelNone')}</small>
            <div className="agent-stats">
              <AgentStat label={t('agents.pending')} value={d.commission_pending} />
              <AgentStat label={t('agents.yesterday')} value={d.commission_yesterday} />
              <AgentStat label={t('agents.paid')} value={d.commission_paid} valueTestId="agent-paid" />
              <AgentStat label={t('agents.teamSize')} value={d.team_size} valueTestId="agent-team-size" />
            </div>
          </section>
          <section className="surface agent-card">
            <div className="agent-stats">
              <AgentStat label={t('agents.direct')} value={d.direct_count} />
              <AgentStat label={t('agents.todayTeam')} value={d.today_team_valid} />
              <AgentStat label={t('agents.yesterdayTeam')} value={d.yesterday_team_valid} />
              <AgentStat
                label={t('agents.todayFirstDeposits')}
                value={d.today_first_deposit_count}
                note={d.today_first_deposit_amount}
                testId="agent-first-deposits-today"
              />
              <AgentStat
                label={t('agents.yesterdayFirstDeposits')}
                value={d.yesterday_first_deposit_count}
                note={d.yesterday_first_deposit_amount}
              />
            </div>
            <h3 style={{ marginTop: '0.24rem' }}>{t('agents.rates')}</h3>
            <div className="agent-stats">
              {d.rates.map((r) => (
                <AgentStat
                  key={r.game_type_id}
                  label={t(`agents.category.${r.game_type_id as 1}`)}
                  value={percent(r.rate)}
                />
              ))}
            </div>
          </section>
        </>
      )}
    </QueryStates>
  );
}

function Team() {
  const { t, i18n } = useTranslation();
  const [range, setRange] = useState<Range>(3);
  const out = usePlayOutQuery(range);
  const log = usePlayerLogQuery(range);
  return (
    <>
      <RangeTabs className="agent-range" value={range} onChange={setRange} />
      <section className="surface agent-card">
        <h3>{t('agents.playOut')}</h3>
        <QueryStates query={out} isEmpty={(page) => page.data.length === 0}>
          {(page) => (
            <ul className="agent-list">
              {page.data.map((r) => (
                <li className="agent-row" key={`${r.day}:${r.player_name}:${r.depth}`}>
                  <div>
                    <strong>{r.player_name}</strong>
                    <small>
                      {t('agents.depth', { depth: r.depth })} · {r.day}
                    </small>
                  </div>
                  <AgentRowEnd value={r.valid_bet} note={`${t('agents.profit')} ${r.profit}`} />
                </li>
              ))}
            </ul>
          )}
        </QueryStates>
      </section>
      <section className="surface agent-card">
        <h3>{t('agents.playerLog')}</h3>
        {log.data ? (
          <p className="agent-note" data-testid="agent-first-deposits">
            {t('agents.firstDeposits', {
              count: log.data.first_deposit_count,
              amount: log.data.first_deposit_amount,
            })}
          </p>
        ) : null}
        <QueryStates query={log} isEmpty={(page) => page.data.length === 0}>
          {(page) => (
            <ul className="agent-list" data-testid="agent-members">
              {page.data.map((r) => (
                <li className="agent-row" key={`${r.player_name}:${r.joined_at}`}>
                  <div>
                    <strong>{r.player_name}</strong>
                    <small>
                      {t('agents.depth', { depth: r.depth })} ·{' '}
                      {t('agents.joined', { time: new Date(r.joined_at).toLocaleDateString(i18n.language) })}
                    </small>
                    <small>
                      {r.first_deposit && r.first_deposit_at
                        ? t('agents.firstDeposit', {
                            amount: r.first_deposit,
                            time: new Date(r.first_deposit_at).toLocaleString(i18n.language),
                          })
                        : t('agents.noDeposit')}
                    </small>
                  </div>
                  <AgentRowEnd
                    value={r.valid_bet}
                    note={r.last_bet_day ? t('agents.lastBet', { day: r.last_bet_day }) : t('agents.noBet')}
                  />
                </li>
              ))}
            </ul>
          )}
        </QueryStates>
      </section>
    </>
  );
}

function Superior() {
  const { t } = useTranslation();
  const [range, setRange] = useState<Range>(3);
  const perf = useSuperiorQuery(range);
  return (
    <>
      <RangeTabs className="agent-range" value={range} onChange={setRange} />
      <section className="surface agent-card">
        <QueryStates query={perf}>
          {(report) => (
            <>
              <h3>{report.upline ? t('agents.upline', { name: report.upline }) : t('agents.noUpline')}</h3>
              <ul className="agent-list">
                {report.data.map((r) => (
                  <li className="agent-row" key={r.day}>
                    <div>
                      <strong>
                        {r.day} · {r.settled ? t('agents.settled') : t('agents.estimate')}
                      </strong>
                      <small>
                        {t('agents.own')} {r.own_valid} · {t('agents.team')} {r.team_valid}
                      </small>
                      <small>
                        {t('agents.firstDepositsShort', {
                          count: r.team_first_deposit_count,
                          amount: r.team_first_deposit_amount,
                        })}
                      </small>
                    </div>
                    <AgentRowEnd
                      value={r.branch_valid}
                      note={`${t('agents.uplineCommission')} ${r.upline_commission}`}
                    />
                  </li>
                ))}
              </ul>
            </>
          )}
        </QueryStates>
      </section>
    </>
  );
}

export function TierTable() {
  const { t } = useTranslation();
  const tiers = useTemplateQuery();
  return (
    <QueryStates query={tiers} emptyText={t('agents.noTiers')}>
      {(data) => (
        <div className="agent-scroll">
          <table className="agent-table" data-testid="tier-table">
            <thead>
              <tr>
                <th>{t('agents.level', { level: '' })}</th>
                <th>{t('agents.team')}</th>
                {data[0]!.rates.map((r) => (
                  <th key={r.game_type_id}>{t(`agents.category.${r.game_type_id as 1}`)}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.map((tier) => (
                <tr key={tier.level}>
                  <td>{tier.level}</td>
                  <td>≥ {Number(tier.min_team_valid).toLocaleString()}</td>
                  {tier.rates.map((r) => (
                    <td key={r.game_type_id}>{percent(r.rate)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </QueryStates>
  );
}

function downloadCsv(csv: string, filename: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

function StatementDetail({ day, onClose }: { day: string; onClose: () => void }) {
  const { t } = useTranslation();
  const q = useStatementQuery(day);
  return (
    <div className="agent-page" data-testid="statement-detail">
      <h3>{t('agents.statementDetail', { day })}</h3>
      <QueryStates query={q}>
        {(statement) => (
          <>
            <div className="agent-stats">
              <AgentStat label={t('agents.commission')} value={statement.commission} />
              <AgentStat label={t('agents.team')} value={statement.team_valid} />
            </div>
            <div className="agent-scroll">
              <table className="agent-table">
                <thead>
                  <tr>
                    {LINE_COLUMNS.map(([title]) => (
                      <th key={title}>{t(title)}</th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {statement.lines_detail.map((l, i) => (
                    <tr key={i}>
                      {LINE_COLUMNS.map(([title, cell]) => (
                        <td key={title}>{cell(l, t)}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <small>{t('agents.rowsHash')}</small>
            <code className="agent-code" data-testid="statement-hash">
              {statement.rows_sha256}
            </code>
            <small>
              {t('agents.betsHash')} · {t('agents.bets', { count: statement.bet_count })}
            </small>
            <code className="agent-code">{statement.bets_sha256}</code>
            <h3>{t('agents.howToCheck')}</h3>
            <p className="agent-note">{t('agents.checkText')}</p>
            <code className="agent-code">{statement.check_command}</code>
            <Button
              color="primary"
              shape="rounded"
              onClick={() => downloadCsv(statement.csv, statement.filename)}
            >
              {t('agents.download')}
            </Button>
          </>
        )}
      </QueryStates>
      <Button shape="rounded" onClick={onClose}>
        {t('agents.close')}
      </Button>
    </div>
  );
}

function Statements() {
  const { t } = useTranslation();
  const list = useStatementsQuery();
  const [day, setDay] = useState<string | null>(null);
  if (list.isPending) return <PageLoading />;
  if (list.isError) return <PageState kind="error" onRetry={() => void list.refetch()} />;
  return (
    <section className="surface agent-card">
      {list.data.data.length === 0 ? (
        <PageState kind="empty" />
      ) : (
        <ul className="agent-list">
          {list.data.data.map((s) => (
            <li key={s.day}>
              <button
                type="button"
                className="agent-row"
                style={{ width: '100%', background: 'none', border: 0 }}
                onClick={() => setDay(s.day)}
              >
                <div style={{ textAlign: 'left' }}>
                  <strong>{s.day}</strong>
                  <small>
                    {t('agents.level', { level: s.level })} · {t('agents.lines', { count: s.lines })}
                  </small>
                  <small className="agent-hash">{s.rows_sha256.slice(0, 24)}…</small>
                </div>
                <AgentRowEnd value={s.commission} note={`${t('agents.team')} ${s.team_valid}`} money />
              </button>
            </li>
          ))}
        </ul>
      )}
      <Popup
        visible={day !== null}
        onMaskClick={() => setDay(null)}
        bodyStyle={{ height: '90vh', overflowY: 'auto' }}
      >
        {day ? <StatementDetail day={day} onClose={() => setDay(null)} /> : null}
      </Popup>
    </section>
  );
}

/** Agent (spec §2): team, performance, commission, tier table and statements anyone can check. */
export default function AgentPage() {
  const { t } = useTranslation();
  const signedIn = useIsSignedIn();
  const [tab, setTab] = useState<Tab>('overview');
  if (!signedIn) {
    return (
      <div className="agent-page">
        <PageState kind="empty" text={t('agents.invite.signIn')} />
        <SignInNowButton className="agent-signin" />
      </div>
    );
  }
  return (
    <div className="agent-page">
      <Tabs
        className="agent-tabs"
        value={tab}
        onChange={setTab}
        tabs={TABS.map((key) => ({ key, label: t(`agents.tabs.${key}`) }))}
      />
      {PANELS[tab]()}
    </div>
  );
}
