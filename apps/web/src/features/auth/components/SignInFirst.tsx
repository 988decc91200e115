import { useTranslation } from 'react-i18next';
import { PageState } from '../../../components/PageState';
import { useUiStore } from '../../../stores/ui';

/**
 * What a screen that needs a player shows a visitor instead of its content: a line saying why and the button
 * that opens the sign-in dialog; the screen requests nothing meanwhile. By default it says 请先登录 and 登录
 * (the money and security screens); a screen with a better reason gives its own words.
 */
export function SignInFirst({ text, actionText }: { text?: string; actionText?: string }) {
  const { t } = useTranslation();
  const openLogin = useUiStore((s) => s.openLogin);
  return (
    <PageState
      kind="empty"
      text={text ?? t('money.signInFirst')}
      actionText={actionText ?? t('auth.login')}
      onRetry={() => openLogin(1)}
    />
  );
}
