import { useState } from 'react';
import { App, Button, Form, Input, Select, Space, Switch, Tag, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { idColumn } from '../components/columns';
import { FormModal } from '../components/FormModal';
import { CardTabs, Page } from '../components/Page';
import { QueryTable, useSearchList } from '../components/QueryTable';
import { ReasonField, useReasonPrompt } from '../components/ReasonPrompt';
import { labelledChoices } from '../components/ui';
import { adminApi, type AdminChannel, type AdminChannelOrder, type ChannelChange } from '../lib/api';
import { useCan } from '../lib/permissions';
import { DecimalField, NumberField } from '../components/FormFields';

const ORDER_STATUSES = ['all', 'pending', 'completed', 'failed', 'review'] as const;
type OrderFilters = { status: (typeof ORDER_STATUSES)[number] };
const STATUS_COLOURS: Record<AdminChannelOrder['status'], string> = {
  pending: 'blue',
  completed: 'green',
  failed: 'default',
  review: 'orange',
};
type EditForm = Omit<ChannelChange, 'enabled'>;

/**
 * Payment channels: what players see on the recharge screen. Enabling, disabling and every
 * edit of limits, fee and rate asks why (audited as channel.update); the server validates the values again.
 * The orders tab shows each channel order with the reason it went to review, if it did.
 */
export function ChannelsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const [ask, holder] = useReasonPrompt();
  const [editing, setEditing] = useState<AdminChannel | null>(null);
  const channels = useQuery({ queryKey: ['admin', 'channels'], queryFn: adminApi.channels });
  const orders = useSearchList<OrderFilters, AdminChannelOrder>(
    'channel-orders',
    { status: 'all' },
    adminApi.channelOrders,
  );
  const mayEdit = can('POST /api/admin/deposits/channels/:id');

  const toggle = (c: AdminChannel, enabled: boolean) =>
    ask({
      title: t(enabled ? 'channels.enable' : 'channels.disable', { name: c.name }),
      description: enabled ? undefined : t('channels.disableHint'),
      danger: !enabled,
      run: (reason) => adminApi.updateChannel(c.id, { enabled, reason }),
    });

  const channelList = (
    <QueryTable<AdminChannel>
      query={channels}
      columns={[
        idColumn(60),
        {
          title: t('channels.name'),
          render: (_, c) => (
            <Space direction="vertical" size={0}>
              <span>{c.name}</span>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {c.code} · {c.adapter}
              </Typography.Text>
              {!c.available && <Tag color="red">{t('channels.unavailable')}</Tag>}
            </Space>
          ),
        },
        {
          title: t('channels.enabled'),
          width: 90,
          render: (_, c) => (
            <Switch
              checked={c.enabled}
              disabled={!mayEdit}
              aria-label={t(c.enabled ? 'channels.disable' : 'channels.enable', { name: c.name })}
              onChange={(on) => toggle(c, on)}
            />
          ),
        },
        {
          title: t('channels.limits'),
          render: (_, c) => `${c.min_amount} – ${c.max_amount}`,
        },
        {
          title: t('channels.fee'),
          render: (_, c) =>
            [c.fee_rate !== '0' && `${c.fee_rate}%`, c.fee_fixed !== '0' && `${c.fee_fixed} USDT`]
              .filter(Boolean)
              .join(' + ') || '0',
        },
        { title: t('channels.currency'), dataIndex: 'currency', width: 90 },
        { title: t('channels.rate'), dataIndex: 'rate', width: 130 },
        { title: t('channels.sort'), dataIndex: 'sort', width: 70 },
        {
          title: t('common.actions'),
          width: 100,
          render: (_, c) => (
            <Button size="small" icon={<EditOutlined />} disabled={!mayEdit} onClick={() => setEditing(c)}>
              {t('common.edit')}
            </Button>
          ),
        },
      ]}
    />
  );
  const orderList = (
    <>
      <Select
        aria-label={t('channels.status')}
        value={orders.filters.status}
        style={{ width: 160, marginBottom: 16 }}
        onChange={(status) => orders.search({ status })}
        options={labelledChoices(t, 'channels.statuses', ORDER_STATUSES)}
      />
      <QueryTable<AdminChannelOrder>
        list={orders}
        rowKey="order_id"
        columns={[
          { title: t('channels.orderId'), dataIndex: 'order_id' },
          { title: t('channels.name'), dataIndex: 'channel_name' },
          { title: t('channels.player'), dataIndex: 'player_id', width: 80 },
          { title: t('channels.amount'), dataIndex: 'amount', align: 'right' },
          {
            title: t('channels.payAmount'),
            align: 'right',
            render: (_, o) => `${o.pay_amount} ${o.currency}`,
          },
          {
            title: t('channels.status'),
            render: (_, o) => (
              <Space size={4} wrap>
                <Tag color={STATUS_COLOURS[o.status]}>{t(`channels.statuses.${o.status}`)}</Tag>
                {o.queue_reason && (
                  <Tag color="volcano">
                    {t(`channels.reasons.${o.queue_reason}`, { defaultValue: o.queue_reason })}
                  </Tag>
                )}
              </Space>
            ),
          },
          { title: t('channels.channelOrderId'), dataIndex: 'channel_order_id' },
          {
            title: t('channels.createdAt'),
            render: (_, o) => new Date(o.created_at).toLocaleString(),
          },
        ]}
      />
    </>
  );

  return (
    <Page title={t('channels.title')}>
      <CardTabs
        tabs={[
          ['channels', 'channels.channels', channelList],
          ['orders', 'channels.orders', orderList],
        ]}
      />
      {editing && <ChannelEditor channel={editing} onClose={() => setEditing(null)} />}
      {holder}
    </Page>
  );
}

/** Limits, fee, rate, name and sort of a channel, with the reason for the change; the server checks them again. */
function ChannelEditor({ channel: c, onClose }: { channel: AdminChannel; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const amountRule = { pattern: /^\d{1,9}(\.\d{1,6})?$/, message: t('channels.amountFormat') };
  return (
    <FormModal<EditForm>
      name="channel-edit"
      title={t('channels.editTitle', { name: c.name })}
      okText={t('common.save')}
      initialValues={{
        name: c.name,
        min_amount: c.min_amount,
        max_amount: c.max_amount,
        fee_fixed: c.fee_fixed,
        fee_rate: c.fee_rate,
        rate: c.rate,
        sort: c.sort,
      }}
      submit={async (values) => {
        await adminApi.updateChannel(c.id, {
          ...values,
          sort: values.sort === undefined ? undefined : Number(values.sort),
          reason: values.reason.trim(),
        });
        message.success(t('common.saved'));
      }}
      onClose={onClose}
    >
      <Form.Item
        name="name"
        label={t('channels.name')}
        rules={[{ required: true, message: t('common.required') }]}
      >
        <Input maxLength={40} />
      </Form.Item>
      <Space size="middle">
        <DecimalField name="min_amount" label={t('channels.min')} rules={[{ required: true }, amountRule]} />
        <DecimalField name="max_amount" label={t('channels.max')} rules={[{ required: true }, amountRule]} />
      </Space>
      <Space size="middle">
        <DecimalField
          name="fee_rate"
          label={t('channels.feeRate')}
          rules={[{ pattern: /^\d{1,3}(\.\d{1,2})?$/ }]}
        />
        <DecimalField name="fee_fixed" label={t('channels.feeFixed')} rules={[amountRule]} />
      </Space>
      <Space size="middle">
        <DecimalField name="rate" label={t('channels.rate')} rules={[{ pattern: /^\d{1,9}(\.\d{1,6})?$/ }]} />
        <NumberField name="sort" label={t('channels.sort')} min={0} max={10000} />
      </Space>
      <ReasonField compact />
    </FormModal>
  );
}
