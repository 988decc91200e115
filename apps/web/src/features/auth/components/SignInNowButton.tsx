import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useUiStore } from '../../../stores/ui';

/** A guest's 立即登录 beside a balance (the home card, the personal centre): opens the sign-in dialog. */
export function SignInNowButton({ className }: { className: string }) {
  const { t } = useTranslation();
  const openLogin = useUiStore((s) => s.openLogin);
  return (
    <Button size="small" shape="rounded" className={className} onClick={() => openLogin(1)}>
      {t('auth.signInNow')}
    </Button>
  );
}
