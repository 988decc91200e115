import type { ReactNode } from 'react';
import { Button, Space, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';

/** A screen's title, with an optional line under it and actions on the right. */
export function PageHead({ title, hint, extra }: { title: string; hint?: ReactNode; extra?: ReactNode }) {
  return (
    <Space style={{ width: '100%', justifyContent: 'space-between' }} align="start">
      <Space direction="vertical" size={0}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {hint && <Typography.Text type="secondary">{hint}</Typography.Text>}
      </Space>
      {extra}
    </Space>
  );
}

/**
 * A console screen: its head, then its parts (filters, tables, cards) stacked at one spacing, so every screen
 * reads alike and a new one needs no layout of its own.
 */
export function Page({
  title,
  hint,
  extra,
  children,
}: {
  title: string;
  hint?: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <PageHead title={title} hint={hint} extra={extra} />
      {children}
    </Space>
  );
}

/** A list screen's primary action, adding a row: top right of its page, disabled for operators who may not. */
export function AddButton({
  disabled,
  onClick,
  children,
}: {
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button type="primary" icon={<PlusOutlined />} disabled={disabled} onClick={onClick}>
      {children}
    </Button>
  );
}
