import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBalance } from '../../../lib/format';
import { useIsSignedIn } from '../../../stores/auth';
import { useUserInfoQuery } from '../../auth/api/userInfo';
import type { OriginalGame } from '../api/originals';
import type { HistoryEntry } from '../verifyRound';

/** The coloured stage of a game: the balance in the corner and the game's own result view. */
export function Stage({ kind, children }: { kind: OriginalGame; children: ReactNode }) {
  const { t } = useTranslation();
  const signedIn = useIsSignedIn();
  const user = useUserInfoQuery();
  return (
    <section className={`hero originals-stage originals-stage--${kind}`}>
      <div className="originals-stage__balance">
        <small>{t('home.balance')}</small>
        <strong data-testid="originals-balance">{signedIn ? formatBalance(user.data?.balance) : '—'}</strong>
      </div>
      {children}
    </section>
  );
}

/** Dice and limbo: the number rolls up to its value (a short animation), then shows the server's exact text. */
export function RollResult({ last, suffix = '' }: { last: HistoryEntry | null; suffix?: string }) {
  const [shown, setShown] = useState<string>('—');
  const outcome = last?.outcome as { roll?: string; result?: string } | undefined;
  const value = outcome?.roll ?? outcome?.result ?? '';

  useEffect(() => {
    if (!value) return;
    const end = Number(value);
    const start = performance.now();
    let frame = 0;
    const tick = (now: number) => {
      const p = Math.min(1, (now - start) / 500);
      setShown(p < 1 ? (end * p).toFixed(2) : value);
      if (p < 1) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [value, last?.bet_id]);

  return (
    <div className="originals-result">
      <div
        className={`originals-result__value${last ? (last.win ? ' is-win' : ' is-lose') : ''}`}
        data-testid="originals-result"
      >
        {last ? `${shown}${suffix}` : shown}
      </div>
      {last ? <ResultBadge last={last} /> : null}
    </div>
  );
}

export function ResultBadge({ last }: { last: HistoryEntry }) {
  const { t } = useTranslation();
  return (
    <div className={`result-badge ${last.win ? 'is-win' : 'is-lose'}`}>
      {last.win
        ? `${t('originals.win')} +${formatBalance(last.profit)}`
        : `${t('originals.lose')} ${formatBalance(last.profit)}`}
      <small>
        {t('originals.multiplier')} {last.multiplier}×
      </small>
    </div>
  );
}
