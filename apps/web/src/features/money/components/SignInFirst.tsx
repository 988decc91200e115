import { useTranslation } from 'react-i18next';
import { PageState } from '../../../components/PageState';
import { useUiStore } from '../../../stores/ui';
import './MoneyCard.css';

/** What a money screen shows a visitor: a line and the sign-in button. */
export function SignInFirst() {
  const { t } = useTranslation();
  const openLogin = useUiStore((s) => s.openLogin);
  return (
    <PageState
      kind="empty"
      text={t('money.signInFirst')}
      onRetry={() => openLogin(1)}
      actionText={t('auth.login')}
    />
  );
}
