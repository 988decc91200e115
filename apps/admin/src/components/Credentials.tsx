import type { ReactNode } from 'react';
import { Card, Form, Input, Typography, type FormRule } from 'antd';
import { SafetyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { OPERATOR_PASSWORD_MAX, OPERATOR_PASSWORD_MIN } from '@koi/contract';
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

/** The operator's current password, asked again before a change to their access; `required` says it is empty. */
export function CurrentPasswordField({ name, required }: { name: string; required: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item name={name} label={t('password.old')} rules={[{ required: true, message: required }]}>
      <Input.Password autoComplete="current-password" />
    </Form.Item>
  );
}

/**
 * A new operator password typed twice: the field `name` holds it, checked for the server's length rule
 * (`rule` says so, `required` that it is empty), and `confirm` must equal it (`confirmRequired`, `mismatch`).
 */
export function NewPasswordFields({
  name,
  label,
  extra,
  required,
  rule,
  confirmLabel,
  confirmRequired,
  mismatch,
  prefix,
}: {
  name: string;
  label: string;
  extra?: string;
  required: string;
  rule: string;
  confirmLabel: string;
  confirmRequired: string;
  mismatch: string;
  prefix?: ReactNode;
}) {
  return (
    <>
      <Form.Item
        name={name}
        label={label}
        extra={extra}
        rules={[
          { required: true, message: required },
          { min: OPERATOR_PASSWORD_MIN, max: OPERATOR_PASSWORD_MAX, message: rule },
        ]}
      >
        <Input.Password prefix={prefix} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={confirmLabel}
        dependencies={[name]}
        rules={[{ required: true, message: confirmRequired }, sameAs(name, mismatch)]}
      >
        <Input.Password prefix={prefix} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}

/** A repeated password must equal the field `field`; an empty one is left to the field's required rule. */
const sameAs =
  (field: string, message: string): FormRule =>
  ({ getFieldValue }) => ({
    validator: (_, value) =>
      !value || value === getFieldValue(field) ? Promise.resolve() : Promise.reject(new Error(message)),
  });
