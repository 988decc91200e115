import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { BetRecordRow } from '@koi/contract';
import { formatBalance } from '../../../lib/format';
import { useBetRecordsQuery, type BetRecordsPage as Page } from '../api/records';
import { Money } from '../components/Money';
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
          <div className="record-summary" data-testid="bet-summary">
            <div>
              <small>{t('records.betCount')}</small>
              <strong>{first.summary.bet_count}</strong>
            </div>
            <div>
              <small>{t('records.stake')}</small>
              <strong>{formatBalance(first.summary.stake)}</strong>
            </div>
            <div>
              <small>{t('records.profit')}</small>
              <strong>{formatBalance(first.summary.profit)}</strong>
            </div>
          </div>
        )}
        renderItem={(r) => (
          <button
            type="button"
            className="record-card record-card--link"
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
          >
            <div className="record-card__row">
              <span className="record-card__title">{r.game_name}</span>
              <Money value={r.profit} />
            </div>
            <div className="record-card__row record-card__meta">
              <span>
                {r.plat_name} · {t('records.bets', { count: r.bet_count })}
              </span>
              <span>
                {t('records.stake')} {formatBalance(r.stake)}
              </span>
            </div>
          </button>
        )}
      />
    </div>
  );
}
