import type { ReactNode } from 'react';
import { Descriptions, Form, Select, Tag, Typography, type TableColumnType } from 'antd';
import { useTranslation } from 'react-i18next';
import { labelledChoices } from '../../components/ui';

/** A TRON address or transaction id: monospace, copyable, shortened in the middle when `short`. */
export function ChainText({ value, short }: { value: string | null | undefined; short?: boolean }) {
  if (!value) return <>—</>;
  const shown = short && value.length > 20 ? `${value.slice(0, 8)}…${value.slice(-6)}` : value;
  return (
    <Typography.Text code copyable={{ text: value }} title={value} style={{ whiteSpace: 'nowrap' }}>
      {shown}
    </Typography.Text>
  );
}

/** A column of addresses or transaction ids (`dataIndex`) as ChainText, shortened in the middle when `short`. */
export function chainColumn<T>(
  title: ReactNode,
  dataIndex: keyof T & string,
  { short }: { short?: boolean } = {},
): TableColumnType<T> {
  return { title, dataIndex, render: (v: string | null) => <ChainText value={v} short={short} /> };
}

const COLORS: Record<string, string> = {
  pending: 'gold',
  completed: 'green',
  expired: 'default',
  seen: 'blue',
  credited: 'green',
  unmatched: 'orange',
  foreign_token: 'red',
  queued: 'orange',
  awaiting_approval: 'gold',
  matched: 'green',
  refunded: 'purple',
  ignored: 'default',
};

/**
 * A line of a deposit's description holding an address or transaction id. Called as a function, not used as a
 * component, because antd's Descriptions reads its items' props straight from its children.
 */
export const chainItem = (label: string, value: string | null | undefined) => (
  <Descriptions.Item label={label}>
    <ChainText value={value} />
  </Descriptions.Item>
);

/** A state of an order, a chain transfer or a queue row, in words and a colour. */
export function StateTag({ state }: { state: string }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[state] ?? 'default'}>{t(`deposits.state.${state}`)}</Tag>;
}

/** A deposits list's state filter, the search bar's `status` field: 全部 (the empty value), then `states` in words. */
export function StateFilter({ states, width }: { states: readonly string[]; width: number }) {
  const { t } = useTranslation();
  return (
    <Form.Item name="status">
      <Select
        style={{ width }}
        options={[{ value: '', label: t('common.all') }, ...labelledChoices(t, 'deposits.state', states)]}
      />
    </Form.Item>
  );
}
