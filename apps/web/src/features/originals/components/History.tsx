import { useTranslation } from 'react-i18next';
import { formatBalance } from '../../../lib/format';
import type { HistoryEntry } from '../verifyRound';
import './History.css';

/** The fields the list shows, whichever game's outcome the entry holds (the game says which are there). */
const outcomeOf = (e: HistoryEntry): { roll?: string; result?: string; safe_reveals?: number } => e.outcome;

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
                  ? t('originals.safeTiles', { count: Number(outcomeOf(e).safe_reveals ?? 0) })
                  : (outcomeOf(e).roll ?? outcomeOf(e).result ?? '')}
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
