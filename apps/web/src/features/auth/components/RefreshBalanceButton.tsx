import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { RefreshIcon } from '../../../components/MoreIcons';
import { useInGameQuery, useRefreshBalanceMutation, useUserInfoQuery } from '../api/userInfo';
import './RefreshBalanceButton.css';

/**
 * Spec §2 refresh button: recalls provider balances, then reloads user info; the icon turns while either
 * runs. Used on the home balance card and the personal centre.
 */
export function RefreshBalanceButton({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const user = useUserInfoQuery();
  const refresh = useRefreshBalanceMutation();
  const spinning = refresh.isPending || user.isFetching;
  return (
    <button
      type="button"
      className={`refresh-balance${spinning ? ' is-spinning' : ''} ${className}`.trim()}
      aria-label={t('home.refresh')}
      onClick={() => refresh.mutate()}
      disabled={refresh.isPending}
    >
      <RefreshIcon />
    </button>
  );
}

const hasMoney = (amount: string | undefined) => Boolean(amount && /[1-9]/.test(amount));

/**
 * Money a transfer-wallet game holds, shown as 游戏中 N beside the wallet balance, so the balance never reads
 * 0 with the money unexplained. When the player comes back to Koi (this card shows, or the page becomes
 * visible again, which re-reads what games hold) and a game holds money, it is recalled once: one recall per
 * amount seen, never while one is running; the server queues recalls per player as well. ↻ stays for a manual
 * recall when a provider did not answer.
 */
export function InGameNote() {
  const { t } = useTranslation();
  const inGame = useInGameQuery();
  const refresh = useRefreshBalanceMutation();
  const total = inGame.data?.total;
  const recalledFor = useRef<string | null>(null);
  const { mutate, isPending } = refresh;

  useEffect(() => {
    if (!hasMoney(total) || isPending || recalledFor.current === total) return;
    recalledFor.current = total!;
    mutate();
  }, [total, isPending, mutate]);

  if (!hasMoney(total)) return null;
  return (
    <div className="in-game-note" data-testid="in-game" title={t('home.inGameHint')}>
      {t('home.inGame', { amount: total })}
    </div>
  );
}
