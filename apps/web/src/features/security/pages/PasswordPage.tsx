import { Button, Input, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useIsSignedIn } from '../../../stores/auth';
import { SignInFirst } from '../../auth/components/SignInFirst';
import '../../money/components/MoneyCard.css';
import '../../money/components/PasswordPanel.css';
import { LOGIN_PASSWORD_MAX, LOGIN_PASSWORD_MIN, useChangeLoginPasswordMutation } from '../api/security';
import './SecurityPages.css';

const EMPTY = { old: '', next: '', confirm: '' };
type Field = keyof typeof EMPTY;

/** The client's checks, in the server's order, so the player hears the same reason either way. */
export function passwordProblem(form: typeof EMPTY): string | null {
  if (!form.old || !form.next || !form.confirm) return 'password.missing';
  if (form.next !== form.confirm) return 'password.mismatch';
  const length = [...form.next].length;
  if (length < LOGIN_PASSWORD_MIN || length > LOGIN_PASSWORD_MAX) return 'password.length';
  if (form.next === form.old) return 'password.same';
  return null;
}

/**
 * 修改登录密码 (/password). The server signs every other session out after the change; the
 * page says so before and after, because a player changing a password after a scare needs to know it worked.
 */
export default function PasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useIsSignedIn();
  const mutation = useChangeLoginPasswordMutation();
  const [form, setForm] = useState(EMPTY);
  if (!signedIn) return <SignInFirst />;

  const submit = async () => {
    if (mutation.isPending) return;
    const problem = passwordProblem(form);
    if (problem) {
      Toast.show({ content: t(problem as 'password.missing'), position: 'center' });
      return;
    }
    let signedOut: number;
    try {
      ({ signed_out: signedOut } = await mutation.mutateAsync({
        old_password: form.old,
        new_password: form.next,
        confirm_password: form.confirm,
      }));
    } catch {
      return; // The client already toasted the server's reason.
    }
    Toast.show({
      content: signedOut > 0 ? t('password.doneSignedOut', { count: signedOut }) : t('password.done'),
      position: 'center',
    });
    setForm(EMPTY);
    navigate(-1);
  };

  const field = (key: Field, label: string, hint: string, autoComplete: string) => (
    <label className="password-panel__field">
      <span>{label}</span>
      <Input
        type="password"
        aria-label={label}
        placeholder={hint}
        value={form[key]}
        onChange={(v) => setForm((f) => ({ ...f, [key]: v }))}
        autoComplete={autoComplete}
        maxLength={64}
      />
    </label>
  );

  return (
    <div className="security-page">
      <section className="money-card">
        <p className="security-note" data-testid="password-intro">
          {t('password.intro')}
        </p>
        {field('old', t('password.old'), t('password.oldHint'), 'current-password')}
        {field('next', t('password.next'), t('password.nextHint'), 'new-password')}
        {field('confirm', t('password.confirm'), t('password.confirmHint'), 'new-password')}
        <Button
          color="primary"
          block
          shape="rounded"
          loading={mutation.isPending}
          onClick={() => void submit()}
        >
          {t('password.submit')}
        </Button>
      </section>
    </div>
  );
}
