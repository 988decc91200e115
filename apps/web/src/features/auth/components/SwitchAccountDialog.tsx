import { useQueryClient } from '@tanstack/react-query';
import { Button, CenterPopup, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { signInWithCode } from '../../../app/startup';
import { useUiStore } from '../../../stores/ui';
import { useUserInfoQuery } from '../api/userInfo';
import './SwitchAccountDialog.css';

/**
 * Decision 31: a sign-in link opened while a player is signed in asks before switching. It names the player
 * who is signed in now, so that a link sent by someone else is recognised as another account. Keeping the
 * current account throws the code away; switching trades it for a session and replaces the token.
 */
export default function SwitchAccountDialog() {
  const { t } = useTranslation();
  const code = useUiStore((s) => s.switchCode);
  const ask = useUiStore((s) => s.askSwitchAccount);
  const current = useUserInfoQuery().data?.player_name ?? '';
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  async function switchAccount() {
    if (!code) return;
    setBusy(true);
    const switched = await signInWithCode(code, queryClient);
    setBusy(false);
    ask(null);
    if (switched) Toast.show({ content: t('auth.switchDone'), icon: 'success' });
  }

  return (
    <CenterPopup
      visible={code !== null}
      closeOnMaskClick={false}
      style={{ '--z-index': '1100' }}
      className="sheet-dialog"
      role="dialog"
      aria-label={t('auth.switchTitle')}
    >
      <div className="sheet-dialog__panel">
        <h2 className="switch-title">{t('auth.switchTitle')}</h2>
        <p className="switch-text">{t('auth.switchCurrent', { name: current })}</p>
        <p className="switch-text">{t('auth.switchQuestion')}</p>
        <div className="switch-actions">
          <Button block shape="rounded" disabled={busy} onClick={() => ask(null)}>
            {t('auth.switchCancel')}
          </Button>
          <Button block color="primary" shape="rounded" loading={busy} onClick={() => void switchAccount()}>
            {t('auth.switchConfirm')}
          </Button>
        </div>
      </div>
    </CenterPopup>
  );
}
