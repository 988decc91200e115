import { useTranslation } from 'react-i18next';
import { RefreshIcon } from '../../../components/MoreIcons';
import { useRefreshBalanceMutation, useUserInfoQuery } from '../api/userInfo';
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
