import type { ReactNode } from 'react';
import { Card, Form, Input, Typography, type FormRule } from 'antd';
import { SafetyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Logo } from './Logo';

/** The signed-out pages (sign-in, enrolment): one card with Koi's name on the purple backdrop. */
export function SignInCard({ width, children }: { width: number; children: ReactNode }) {
  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        background: 'linear-gradient(135deg, #1f1f1f 0%, #2e1065 100%)',
        padding: 24,
      }}
    >
      <Card style={{ width }}>
        <Typography.Title level={3} style={{ textAlign: 'center', marginTop: 0 }}>
          <Logo />
        </Typography.Title>
        {children}
      </Card>
    </div>
  );
}

/**
 * The current 6-digit code of the operator's authenticator app, checked for its shape before sending (the
 * server decides whether it is right).
 */
export function TotpField() {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="totp"
      label={t('login.totp')}
      rules={[
        { required: true, message: t('login.totpRequired') },
        { pattern: /^\d{6}$/, message: t('login.totpFormat') },
      ]}
    >
      <Input
        prefix={<SafetyOutlined />}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        placeholder="123456"
      />
    </Form.Item>
  );
}

/** A repeated password must equal the field `field`; an empty one is left to the field's required rule. */
export const sameAs =
  (field: string, message: string): FormRule =>
  ({ getFieldValue }) => ({
    validator: (_, value) =>
      !value || value === getFieldValue(field) ? Promise.resolve() : Promise.reject(new Error(message)),
  });
