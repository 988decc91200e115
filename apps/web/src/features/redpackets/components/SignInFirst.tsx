import { useTranslation } from 'react-i18next';
import { PageState } from '../../../components/PageState';
import { useUiStore } from '../../../stores/ui';

/** The red-packet screens are a signed-in player's: a guest is asked to sign in first. */
export function SignInFirst() {
  const { t } = useTranslation();
  return (
    <PageState
      kind="empty"
      text={t('redpackets.signIn')}
      actionText={t('redpackets.signInAction')}
      onRetry={() => useUiStore.getState().openLogin(1)}
    />
  );
}
