import type { ReactNode } from 'react';
import { Button, Card, Space, Tabs, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

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

/** One tab of a tabbed screen: its key (antd puts it in the tab's id), its label's i18n key, the part it shows. */
export type PageTab = [key: string, label: string, content: ReactNode];

/**
 * A console screen made of tabs, declared as data: its head's texts as i18n keys and its tabs in order, so
 * that such a screen states only what it shows.
 */
export function tabbedPage(head: { title: string; hint?: string; extra?: ReactNode }, tabs: PageTab[]) {
  return function TabbedPage() {
    const { t } = useTranslation();
    return (
      <Page title={t(head.title)} hint={head.hint ? t(head.hint) : undefined} extra={head.extra}>
        <Tabs items={tabs.map(([key, label, children]) => ({ key, label: t(label), children }))} />
      </Page>
    );
  };
}

/**
 * The tabs of a screen whose state lives above its tabs (one reason prompt, one editor for all of them): each
 * tab's part is one card, as on the screens built with tabbedPage.
 */
export function CardTabs({ tabs }: { tabs: PageTab[] }) {
  const { t } = useTranslation();
  return (
    <Tabs
      items={tabs.map(([key, label, content]) => ({
        key,
        label: t(label),
        children: <Card>{content}</Card>,
      }))}
    />
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
