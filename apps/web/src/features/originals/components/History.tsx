import { useTranslation } from 'react-i18next';
import { formatBalance } from '../../../lib/format';
import type { HistoryEntry } from '../verifyRound';
import './History.css';

export function History({ entries }: { entries: HistoryEntry[] }) {
  const { t } = useTranslation();
  return (
    <section className="section-card originals-history">
      <h2 className="section-title">{t('originals.history')}</h2>
      {entries.length === 0 ? (
        <p className="originals-empty">{t('originals.noHistory')}</p>
      ) : (
        <ul>
          {entries.map((e) => (
            <li key={e.bet_id} className={e.win ? 'is-win' : 'is-lose'}>
              <span>#{e.fairness.nonce}</span>
              <span>
                {e.game === 'mines'
                  ? t('originals.safeTiles', { count: Number(e.outcome.safe_reveals ?? 0) })
                  : String((e.outcome.roll ?? e.outcome.result ?? '') as string)}
              </span>
              <span>{e.multiplier}×</span>
              <b>{formatBalance(e.profit)}</b>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
