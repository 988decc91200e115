import { Button, DotLoading, Input, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserInfoQuery } from '../../auth/api/userInfo';
import { useWithdrawPasswordMutation } from '../api/withdraw';
import { FullPanel } from './FullPanel';
import './PasswordPanel.css';

const EMPTY = { old: '', next: '', confirm: '' };

/**
 * 设置/修改提现密码 (spec §2, §4, §5): set mode when user info says no password is set, modify mode (with the
 * old password) otherwise. New and confirm must match; the 8-20 length is the server's rule (decision 10).
 */
export function PasswordPanel({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const user = useUserInfoQuery();
  const mutation = useWithdrawPasswordMutation();
  const [form, setForm] = useState(EMPTY);
  const modify = Boolean(user.data?.set_password);

  const submit = async () => {
    if (mutation.isPending) return;
    if ((modify && !form.old) || !form.next || !form.confirm) {
      Toast.show({ content: t('money.fillAll'), position: 'center' });
      return;
    }
    if (form.next !== form.confirm) {
      Toast.show({ content: t('money.passwordMismatch'), position: 'center' });
      return;
    }
    try {
      await mutation.mutateAsync(
        modify ? { old_password: form.old, password: form.next } : { password: form.next },
      );
    } catch {
      return; // The client already toasted the server's reason.
    }
    Toast.show({ content: t(modify ? 'money.modified' : 'money.setDone'), position: 'center' });
    setForm(EMPTY);
    onClose();
  };

  const field = (key: keyof typeof EMPTY, label: string) => (
    <label className="password-panel__field">
      <span>{label}</span>
      <Input
        type="password"
        aria-label={label}
        placeholder={t('money.passwordPlaceholder')}
        value={form[key]}
        onChange={(v) => setForm((f) => ({ ...f, [key]: v }))}
        autoComplete="new-password"
      />
    </label>
  );

  return (
    <FullPanel
      title={t(modify ? 'money.passwordModifyTitle' : 'money.passwordSetTitle')}
      visible={visible}
      onClose={onClose}
    >
      <div className="surface password-panel">
        {modify ? field('old', t('money.oldPassword')) : null}
        {field('next', t('money.newPassword'))}
        {field('confirm', t('money.confirmPassword'))}
        <Button
          color="primary"
          block
          shape="rounded"
          onClick={() => void submit()}
          disabled={mutation.isPending}
        >
          {mutation.isPending ? <DotLoading color="white" /> : t('money.submit')}
        </Button>
      </div>
    </FullPanel>
  );
}
