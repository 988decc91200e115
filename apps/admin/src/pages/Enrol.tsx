import { useState } from 'react';
import {
  Alert,
  Button,
  Descriptions,
  Form,
  Input,
  QRCode,
  Result,
  Space,
  Spin,
  Steps,
  Typography,
} from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { NewPasswordFields, SignInCard, TotpField } from '../components/Credentials';
import { RecoveryCodes } from '../components/RecoveryCodes';
import { QueryError, fmtTime } from '../components/ui';
import { adminApi } from '../lib/api';
import { useSendOnce } from '../components/QuickSave';

type Values = { username?: string; password: string; confirm: string; totp: string };

/** The enrolment token rides in the address's fragment (`/admin/enrol#<token>`), which no server or proxy logs. */
const tokenFromHash = () => decodeURIComponent(window.location.hash.replace(/^#/, ''));

/**
 * A new or reset operator's one-time enrolment (opened from the link the admin passed on). The page shows the
 * TOTP secret as a QR code and as text, and takes the operator's own password and a current code; the server
 * spends the link on success. Nobody else, the admin who made the link included, sees the secret afterwards.
 *
 * With `setup`, the same page sets up the console's first admin from the link a starting server prints while no
 * operator exists (`/admin/setup#<token>`): the admin also chooses their username there.
 */
export function EnrolPage({ setup = false }: { setup?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [token] = useState(tokenFromHash);
  const info = useQuery({
    queryKey: [setup ? 'setup' : 'enrol', token],
    queryFn: (): Promise<{
      username?: string;
      totp_secret: string;
      otpauth_uri: string;
      expires_at: string;
    }> => (setup ? adminApi.setupInfo(token) : adminApi.enrolInfo(token)),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
  const enrol = useSendOnce({
    mutationFn: (v: Values) =>
      setup
        ? adminApi.setup({ token, username: (v.username ?? '').trim(), password: v.password, totp: v.totp })
        : adminApi.enrol({ token, password: v.password, totp: v.totp }),
  });
  // The texts that differ between the two uses; the steps and fields are the enrolment's.
  const text = (key: 'title' | 'intro' | 'submit' | 'done' | 'missing') =>
    t(`${setup ? 'setup' : 'enrol'}.${key}`);

  let content;
  if (token === '') content = <Alert type="error" showIcon message={text('missing')} />;
  else if (info.isLoading) content = <Spin />;
  else if (enrol.isSuccess)
    content = (
      <Result
        status="success"
        title={text('done')}
        extra={
          <Space direction="vertical" size="middle" style={{ textAlign: 'left', width: '100%' }}>
            <RecoveryCodes codes={enrol.data.recovery_codes} username={enrol.data.username} />
            <Button type="primary" onClick={() => navigate('/login', { replace: true })}>
              {t('enrol.toLogin')}
            </Button>
          </Space>
        }
      />
    );
  else if (!info.data) content = <QueryError error={info.error} />;
  else
    content = (
      <>
        <Typography.Paragraph type="secondary">{text('intro')}</Typography.Paragraph>
        <Steps
          direction="vertical"
          size="small"
          current={-1}
          items={[
            {
              title: t('enrol.step1'),
              description: (
                <Space align="start" size="large" style={{ marginTop: 8 }}>
                  <QRCode value={info.data.otpauth_uri} size={168} data-testid="enrol-qr" />
                  <Descriptions column={1} size="small">
                    {info.data.username !== undefined && (
                      <Descriptions.Item label={t('login.username')}>{info.data.username}</Descriptions.Item>
                    )}
                    <Descriptions.Item label={t('enrol.secret')}>
                      <Typography.Text copyable code data-testid="enrol-secret">
                        {info.data.totp_secret}
                      </Typography.Text>
                    </Descriptions.Item>
                    <Descriptions.Item label={t('enrol.expires')}>
                      {fmtTime(info.data.expires_at)}
                    </Descriptions.Item>
                  </Descriptions>
                </Space>
              ),
            },
            {
              title: t('enrol.step2'),
              description: (
                <Form<Values>
                  layout="vertical"
                  name="enrol"
                  requiredMark={false}
                  style={{ marginTop: 8, maxWidth: 360 }}
                  onFinish={(v) => enrol.mutate(v)}
                >
                  <QueryError error={enrol.error} />
                  {setup && (
                    <Form.Item
                      name="username"
                      label={t('setup.username')}
                      rules={[
                        { required: true, message: t('setup.usernameRule') },
                        { pattern: /^[A-Za-z0-9._-]{3,32}$/, message: t('setup.usernameRule') },
                      ]}
                    >
                      <Input prefix={<UserOutlined />} autoComplete="username" maxLength={32} />
                    </Form.Item>
                  )}
                  <NewPasswordFields
                    name="password"
                    label={t('enrol.password')}
                    required={t('enrol.passwordRule')}
                    rule={t('enrol.passwordRule')}
                    confirmLabel={t('enrol.confirm')}
                    confirmRequired={t('enrol.mismatch')}
                    mismatch={t('enrol.mismatch')}
                    prefix={<LockOutlined />}
                  />
                  <TotpField />
                  <Button type="primary" htmlType="submit" block loading={enrol.isPending}>
                    {text('submit')}
                  </Button>
                </Form>
              ),
            },
          ]}
        />
      </>
    );

  return (
    <SignInCard width={640}>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {text('title')}
      </Typography.Title>
      {content}
    </SignInCard>
  );
}
