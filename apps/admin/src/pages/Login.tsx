import { useState } from 'react';
import { Button, Form, Input, Typography } from 'antd';
import { KeyOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { isRecoveryCodeShape } from '@koi/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SignInCard, TotpField } from '../components/Credentials';
import { QueryError } from '../components/ui';
import { adminApi } from '../lib/api';
import { setToken } from '../lib/session';
import { useSendOnce } from '../components/QuickSave';

type Values = { username: string; password: string; totp?: string; recovery_code?: string };

/**
 * Sign-in: username, password and the 6-digit code of the operator's authenticator app, or instead one of
 * their recovery codes (a link below the button switches the field). The form checks the
 * shape before sending (every field present, the code exactly six digits); the server decides the rest and
 * its message (wrong credentials, lockout, reused code) is shown above the form.
 */
export function LoginForm({ onSubmit }: { onSubmit: (values: Values) => Promise<void> }) {
  const { t } = useTranslation();
  const [recovery, setRecovery] = useState(false);
  const signIn = useSendOnce({ mutationFn: (values: Values) => onSubmit(values) });
  return (
    <Form<Values>
      layout="vertical"
      onFinish={(values) => signIn.mutate(values)}
      requiredMark={false}
      size="large"
      name="login"
    >
      <QueryError error={signIn.error} />
      <Form.Item
        name="username"
        label={t('login.username')}
        rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}
      >
        <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('login.password')}
        rules={[{ required: true, message: t('login.passwordRequired') }]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
      </Form.Item>
      {recovery ? (
        <Form.Item
          name="recovery_code"
          label={t('login.recoveryCode')}
          rules={[
            { required: true, message: t('login.recoveryRequired') },
            {
              validator: (_, value?: string) =>
                !value || isRecoveryCodeShape(value)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('login.recoveryFormat'))),
            },
          ]}
        >
          <Input
            prefix={<KeyOutlined />}
            autoComplete="off"
            maxLength={24}
            placeholder="XXXX-XXXX-XXXX-XXXX"
          />
        </Form.Item>
      ) : (
        <TotpField />
      )}
      <Button type="primary" htmlType="submit" block loading={signIn.isPending}>
        {t('login.submit')}
      </Button>
      {/* A lost phone: one of the recovery codes written down at enrolment signs in once instead. */}
      <Button type="link" block style={{ marginTop: 8 }} onClick={() => setRecovery((on) => !on)}>
        {recovery ? t('login.useTotp') : t('login.useRecovery')}
      </Button>
    </Form>
  );
}

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const submit = async (values: Values) => {
    const factor = values.recovery_code
      ? { recovery_code: values.recovery_code }
      : { totp: values.totp ?? '' };
    const result = await adminApi.login({
      username: values.username.trim(),
      password: values.password,
      ...factor,
    });
    queryClient.clear();
    setToken(result.token);
    navigate(result.must_change_password ? '/password' : '/', { replace: true });
  };
  return (
    <SignInCard width={400}>
      <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
        {t('login.hint')}
      </Typography.Paragraph>
      <LoginForm onSubmit={submit} />
    </SignInCard>
  );
}
