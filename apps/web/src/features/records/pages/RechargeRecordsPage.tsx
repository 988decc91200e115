import { useTranslation } from 'react-i18next';
import { formatBalance, formatTime } from '../../../lib/format';
import { useSearchParam } from '../../../lib/useSearchParam';
import { copyText } from '../../money/copy';
import { fromMicro, toMicro } from '../../money/money';
import { useInoutRecordsQuery, type InoutRecord, type InoutType, type RecordPage } from '../api/records';
import { RecordCard } from '../components/RecordCard';
import { FilterTabs } from '../components/FilterTabs';
import { RangeTabs } from '../components/RangeTabs';
import { RecordList } from '../components/RecordList';
import { useRangeParam } from './useRangeParam';
import './RechargeRecordsPage.css';

const TYPES: readonly InoutType[] = [0, 1, 2];
const parseType = (v: string | null): InoutType => (v === '1' ? 1 : v === '2' ? 2 : 0);

/**
 * The record's state in the player's words and its colour (spec §3 record status 1–3; decisions 21, 22): a
 * withdrawal that is approved or being paid is "processing", not "pending review", so the player sees the
 * step it is at; a payout whose outcome is not known yet stays "processing" until the rail answers.
 */
export function recordStage(r: InoutRecord): { key: string; tone: 'ok' | 'wait' | 'busy' | 'bad' } {
  if (r.status === 1) return { key: r.type === 2 ? 'paid' : 'credited', tone: 'ok' };
  if (r.status === 3) return { key: r.type === 2 ? 'rejected' : 'expired', tone: 'bad' };
  if (r.type === 2 && r.withdrawal_state !== 'applied') return { key: 'processing', tone: 'busy' };
  return { key: r.type === 2 ? 'review' : 'waiting', tone: 'wait' };
}

/** rechargeRecords (spec §2): the player's deposits and withdrawals with their state and transaction hash. */
export default function RechargeRecordsPage() {
  const { t } = useTranslation();
  const [range, setRange] = useRangeParam();
  const [type, setType] = useSearchParam('type', parseType);
  const query = useInoutRecordsQuery(range, type);

  return (
    <div className="records-page">
      <RangeTabs value={range} onChange={setRange} />
      <FilterTabs
        label={t('inout.typeLabel')}
        value={type}
        onChange={setType}
        tabs={TYPES.map((k) => ({ key: k, label: t(`inout.type.${k}`) }))}
      />
      <RecordList<InoutRecord, RecordPage<InoutRecord>>
        query={query}
        itemKey={(r) => `${r.type}:${r.id}`}
        renderItem={(r) => {
          const stage = recordStage(r);
          const out = r.type === 2;
          return (
            <RecordCard
              testId="inout-record"
              title={`${r.type_name} · ${r.channel}`}
              amount={
                <span className={out ? 'money--down' : 'money--up'}>
                  {out ? '-' : '+'}
                  {formatBalance(r.amount)}
                </span>
              }
              meta={formatTime(r.created_at)}
              aside={
                <span className={`inout-status inout-status--${stage.tone}`} data-testid="inout-status">
                  {t(`inout.stage.${stage.key}`)}
                </span>
              }
            >
              {r.tx_hash && (
                <div className="record-card__row record-card__meta">
                  <span className="inout-hash" data-testid="inout-tx-hash" title={r.tx_hash}>
                    {t('inout.txHash')} {r.tx_hash.slice(0, 8)}…{r.tx_hash.slice(-8)}
                  </span>
                  <button
                    type="button"
                    className="inout-copy"
                    aria-label={t('inout.copyHash')}
                    onClick={() => void copyText(r.tx_hash!)}
                  >
                    {t('money.copy')}
                  </button>
                </div>
              )}
              {/* What the fee took: a channel deposit credits the amount less the channel's fee (gross, fee and
                  net in one line), a withdrawal debits the amount plus its fee. */}
              {r.fee && (
                <div className="record-card__row record-card__meta" data-testid="inout-fee">
                  {out
                    ? t('inout.withdrawalFee', {
                        fee: formatBalance(r.fee),
                        total: formatBalance(fromMicro((toMicro(r.amount) ?? 0n) + (toMicro(r.fee) ?? 0n))),
                      })
                    : t('inout.depositFee', {
                        fee: formatBalance(r.fee),
                        net: formatBalance(r.actual_amount),
                      })}
                </div>
              )}
              {/* The server's words for where a withdrawal stands (each manual payout step, its reference),
                  when they say more than the status beside the amount. */}
              {out && r.step && r.step !== t(`inout.stage.${stage.key}`) && (
                <div className="record-card__row record-card__meta" data-testid="inout-step">
                  {r.step}
                </div>
              )}
              {r.reason && (
                <div className="record-card__row inout-reason" role="note">
                  {t('inout.reason', { reason: r.reason })}
                </div>
              )}
            </RecordCard>
          );
        }}
      />
    </div>
  );
}
