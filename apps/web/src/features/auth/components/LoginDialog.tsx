import { Button, CenterPopup, Checkbox, Input, Toast, type InputProps } from 'antd-mobile';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuthStore } from '../../../stores/auth';
import { useUi } from '../../../stores/ui';
import { fetchCaptcha, useLoginMutation, useRegisterMutation, type AuthForm } from '../api/session';
import { readInvitedCode, readRemembered, saveRemembered, validateRegister } from '../remember';
import { CloseButton } from '../../../components/CloseButton';
import './LoginDialog.css';

const EMPTY: AuthForm = { username: '', password: '', confrimPas: '', captcha: '', code: '' };

/** The one login/register dialog (spec §2, §4, §5). loginType 1 = login, 2 = register. */
export function LoginDialog() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const {
    loginOpen: open,
    loginType,
    setLoginType,
    closeLogin,
    setServiceOpen,
    setNoticeOpen,
  } = useUi('loginOpen', 'loginType', 'setLoginType', 'closeLogin', 'setServiceOpen', 'setNoticeOpen');
  const setToken = useAuthStore((s) => s.setToken);
  const [form, setForm] = useState<AuthForm>(EMPTY);
  const [remember, setRemember] = useState(() => readRemembered() !== null);
  const [ageConfirmed, setAgeConfirmed] = useState(false);
  const [captchaUrl, setCaptchaUrl] = useState('');
  const [invitedCode, setInvitedCode] = useState('');
  const loginMutation = useLoginMutation();
  const registerMutation = useRegisterMutation();
  /*
   * Set synchronously when a request flow starts and cleared when it ends: a double click fires two submits
   * before React re-renders the button as loading, and between registering and the automatic sign-in no request
   * is pending; either way a second register would be sent and the sign-in would fail on the spent captcha.
   */
  const submitting = useRef(false);
  const isRegister = loginType === 2;

  const reloadCaptcha = useCallback(() => {
    fetchCaptcha()
      .then(setCaptchaUrl)
      .catch(() => setCaptchaUrl(''));
  }, []);

  // Spec §4: on opening, login mode fills the remembered username, register mode resets the form with
  // the stored invitation code. Done while rendering the opening frame, so the form never flashes old values.
  const [wasOpen, setWasOpen] = useState(false);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      const code = readInvitedCode();
      setInvitedCode(code);
      if (loginType === 1) {
        // Decision 30: only the username is remembered; the browser's password manager offers the password.
        const username = readRemembered();
        setForm((f) => ({
          ...f,
          username: username ?? f.username,
          confrimPas: '',
          captcha: '',
        }));
      } else {
        setForm({ ...EMPTY, code });
        setAgeConfirmed(false);
      }
    }
  }

  // Opening reloads the captcha (spec §4).
  useEffect(() => {
    if (open) reloadCaptcha();
  }, [open, reloadCaptcha]);

  /** The name, value and change handler that tie an input to its field of the form. */
  const field = (name: keyof AuthForm) => ({
    name,
    value: form[name],
    onChange: (value: string) => setForm((f) => ({ ...f, [name]: value })),
  });

  function switchTo(type: 1 | 2) {
    // Spec §4: switching to register clears the confirmation and captcha.
    if (type === 2) setForm((f) => ({ ...f, confrimPas: '', captcha: '', code: invitedCode || f.code }));
    setLoginType(type);
  }

  async function signIn(values: AuthForm, silent = false) {
    const token = await loginMutation.mutateAsync({ form: values, silent });
    setToken(token);
    saveRemembered(remember, values.username);
    closeLogin();
    Toast.show({ content: t('auth.loginOk'), icon: 'success' });
    // Spec §2/§4: after login go to / and show the notice once. The session token never goes into the address
    // (decision 31: a link's `token` is a one-time code; a session token in a URL reaches history and logs).
    setNoticeOpen(true);
    navigate('/');
  }

  async function onLogin() {
    if (submitting.current) return;
    submitting.current = true;
    try {
      await signIn(form);
    } catch {
      reloadCaptcha();
      setForm((f) => ({ ...f, captcha: '' }));
    } finally {
      submitting.current = false;
    }
  }

  async function onRegister() {
    const problem = validateRegister({ ...form, ageConfirmed });
    if (problem) {
      Toast.show({ content: t(problem), position: 'center' });
      return;
    }
    if (submitting.current) return;
    submitting.current = true;
    try {
      await registerThenSignIn();
    } finally {
      submitting.current = false;
    }
  }

  async function registerThenSignIn() {
    try {
      await registerMutation.mutateAsync({ ...form, age_confirmed: ageConfirmed });
    } catch {
      reloadCaptcha();
      setForm((f) => ({ ...f, captcha: '' }));
      return;
    }
    Toast.show({ content: t('auth.registered'), icon: 'success' });
    saveRemembered(remember, form.username);
    const values = form;
    setLoginType(1);
    try {
      // Spec §4: register success logs in automatically with the same form; the server re-arms the answer just
      // given for this one sign-in. Should it still ask for a fresh captcha (expired), the login form stays
      // filled and the player only types the new one.
      await signIn(values, true);
    } catch {
      setForm({ ...values, confrimPas: '', captcha: '' });
      reloadCaptcha();
    }
  }

  const busy = loginMutation.isPending || registerMutation.isPending;

  return (
    <CenterPopup
      visible={open}
      onMaskClick={closeLogin}
      className="auth-dialog"
      bodyClassName="auth-dialog__body"
      destroyOnClose={false}
      role="dialog"
      aria-label={isRegister ? t('auth.registerTitle') : t('auth.loginTitle')}
    >
      <div className="auth-dialog__head">
        <img src="/assets/logo.svg" alt="" className="auth-dialog__logo" />
        <h2 className="auth-dialog__title">{isRegister ? t('auth.registerTitle') : t('auth.loginTitle')}</h2>
        <CloseButton className="icon-button auth-dialog__close" onClose={closeLogin} />
      </div>
      <form
        className="auth-form"
        onSubmit={(e) => {
          e.preventDefault();
          void (isRegister ? onRegister() : onLogin());
        }}
      >
        <AuthField
          {...field('username')}
          placeholder={t('auth.usernameHint')}
          autoComplete="username"
          clearable
        />
        <AuthField
          {...field('password')}
          type="password"
          placeholder={t('auth.passwordHint')}
          autoComplete={isRegister ? 'new-password' : 'current-password'}
        />
        {isRegister ? (
          <>
            <AuthField
              {...field('confrimPas')}
              type="password"
              placeholder={t('auth.confirmHint')}
              autoComplete="new-password"
            />
            <AuthField {...field('code')} placeholder={t('auth.codeHint')} disabled={Boolean(invitedCode)} />
          </>
        ) : null}
        <div className="auth-field auth-field--captcha">
          <Input {...field('captcha')} placeholder={t('auth.captchaHint')} autoComplete="off" />
          <button
            type="button"
            className="auth-captcha"
            onClick={reloadCaptcha}
            aria-label={t('auth.captchaAlt')}
          >
            {captchaUrl ? (
              <img src={captchaUrl} alt={t('auth.captchaAlt')} />
            ) : (
              <span className="auth-captcha__empty" />
            )}
          </button>
        </div>
        <div className="auth-row">
          <Checkbox checked={remember} onChange={setRemember} className="auth-check">
            {t('auth.remember')}
          </Checkbox>
          {!isRegister ? (
            <button type="button" className="link-button" onClick={() => setServiceOpen(true)}>
              {t('auth.forgot')}
            </button>
          ) : null}
        </div>
        {isRegister ? (
          <Checkbox checked={ageConfirmed} onChange={setAgeConfirmed} className="auth-check auth-age">
            {t('auth.age')}
          </Checkbox>
        ) : null}
        <Button
          block
          color="primary"
          shape="rounded"
          size="large"
          type="submit"
          loading={busy}
          className="auth-submit"
        >
          {isRegister ? t('auth.register') : t('auth.login')}
        </Button>
        <p className="auth-switch">
          {isRegister ? t('auth.toLoginPrefix') : t('auth.toRegisterPrefix')}
          <button type="button" className="link-button" onClick={() => switchTo(isRegister ? 1 : 2)}>
            {isRegister ? t('auth.toLoginLink') : t('auth.toRegisterLink')}
          </button>
        </p>
      </form>
    </CenterPopup>
  );
}

/** A line of the form: the label is the rounded field, so a tap anywhere on it focuses the input. */
function AuthField(props: InputProps) {
  return (
    <label className="auth-field">
      <Input {...props} />
    </label>
  );
}

export default LoginDialog;
