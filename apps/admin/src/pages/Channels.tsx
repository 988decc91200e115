import { useState } from 'react';
import {
  App,
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  Switch,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useReasonPrompt } from '../components/ReasonPrompt';
import { QueryError, pagination } from '../components/ui';
import { adminApi, type AdminChannel, type AdminChannelOrder, type ChannelChange } from '../lib/api';
import { useCan } from '../lib/permissions';

const ORDER_STATUSES = ['all', 'pending', 'completed', 'failed', 'review'] as const;
const STATUS_COLOURS: Record<AdminChannelOrder['status'], string> = {
  pending: 'blue',
  completed: 'green',
  failed: 'default',
  review: 'orange',
};
type EditForm = Omit<ChannelChange, 'enabled'>;

/**
 * Payment channels (issue 12 item 5): what players see on the recharge screen. Enabling, disabling and every
 * edit of limits, fee and rate asks why (audited as channel.update); the server validates the values again.
 * The orders tab shows each channel order with the reason it went to review, if it did.
 */
export function ChannelsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const queryClient = useQueryClient();
  const [ask, holder] = useReasonPrompt();
  const [editing, setEditing] = useState<AdminChannel | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<EditForm>();
  const [status, setStatus] = useState<(typeof ORDER_STATUSES)[number]>('all');
  const [page, setPage] = useState({ page: 1, size: 20 });
  const channels = useQuery({ queryKey: ['admin', 'channels'], queryFn: adminApi.channels });
  const params = { status, ...page };
  const orders = useQuery({
    queryKey: ['admin', 'channel-orders', params],
    queryFn: () => adminApi.channelOrders(params),
    placeholderData: keepPreviousData,
  });
  const mayEdit = can('POST /api/admin/deposits/channels/:id');
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', 'channels'] });

  const toggle = (c: AdminChannel, enabled: boolean) =>
    ask({
      title: t(enabled ? 'channels.enable' : 'channels.disable', { name: c.name }),
      description: enabled ? undefined : t('channels.disableHint'),
      danger: !enabled,
      run: async (reason) => {
        await adminApi.updateChannel(c.id, { enabled, reason });
        await refresh();
      },
    });

  const openEdit = (c: AdminChannel) => {
    form.setFieldsValue({
      name: c.name,
      min_amount: c.min_amount,
      max_amount: c.max_amount,
      fee_fixed: c.fee_fixed,
      fee_rate: c.fee_rate,
      rate: c.rate,
      sort: c.sort,
      reason: '',
    });
    setEditing(c);
  };
  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values || !editing) return;
    setSaving(true);
    try {
      await adminApi.updateChannel(editing.id, {
        ...values,
        sort: values.sort === undefined ? undefined : Number(values.sort),
        reason: values.reason.trim(),
      });
      message.success(t('common.saved'));
      setEditing(null);
      await refresh();
    } catch (e) {
      message.error((e as Error).message);
    } finally {
      setSaving(false);
    }
  };
  const amountRule = { pattern: /^\d{1,9}(\.\d{1,6})?$/, message: t('channels.amountFormat') };

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('channels.title')}
      </Typography.Title>
      <Tabs
        items={[
          {
            key: 'channels',
            label: t('channels.channels'),
            children: (
              <Card>
                <QueryError error={channels.error} />
                <Table<AdminChannel>
                  rowKey="id"
                  size="small"
                  loading={channels.isFetching}
                  dataSource={channels.data?.data}
                  pagination={false}
                  columns={[
                    { title: 'ID', dataIndex: 'id', width: 60 },
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
                        <Button
                          size="small"
                          icon={<EditOutlined />}
                          disabled={!mayEdit}
                          onClick={() => openEdit(c)}
                        >
                          {t('common.edit')}
                        </Button>
                      ),
                    },
                  ]}
                />
              </Card>
            ),
          },
          {
            key: 'orders',
            label: t('channels.orders'),
            children: (
              <Card>
                <Select
                  aria-label={t('channels.status')}
                  value={status}
                  style={{ width: 160, marginBottom: 16 }}
                  onChange={(v) => {
                    setStatus(v);
                    setPage((p) => ({ ...p, page: 1 }));
                  }}
                  options={ORDER_STATUSES.map((s) => ({ value: s, label: t(`channels.statuses.${s}`) }))}
                />
                <QueryError error={orders.error} />
                <Table<AdminChannelOrder>
                  rowKey="order_id"
                  size="small"
                  loading={orders.isFetching}
                  dataSource={orders.data?.data}
                  pagination={pagination(page.page, page.size, orders.data?.total, (p, s) =>
                    setPage({ page: p, size: s }),
                  )}
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
              </Card>
            ),
          },
        ]}
      />
      <Modal
        open={Boolean(editing)}
        title={editing ? t('channels.editTitle', { name: editing.name }) : ''}
        okText={t('common.save')}
        okButtonProps={{ loading: saving }}
        onOk={() => void save()}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        <Form<EditForm> form={form} layout="vertical" name="channel-edit">
          <Form.Item
            name="name"
            label={t('channels.name')}
            rules={[{ required: true, message: t('common.required') }]}
          >
            <Input maxLength={40} />
          </Form.Item>
          <Space size="middle">
            <Form.Item name="min_amount" label={t('channels.min')} rules={[{ required: true }, amountRule]}>
              <Input inputMode="decimal" />
            </Form.Item>
            <Form.Item name="max_amount" label={t('channels.max')} rules={[{ required: true }, amountRule]}>
              <Input inputMode="decimal" />
            </Form.Item>
          </Space>
          <Space size="middle">
            <Form.Item
              name="fee_rate"
              label={t('channels.feeRate')}
              rules={[{ pattern: /^\d{1,3}(\.\d{1,2})?$/ }]}
            >
              <Input inputMode="decimal" />
            </Form.Item>
            <Form.Item name="fee_fixed" label={t('channels.feeFixed')} rules={[amountRule]}>
              <Input inputMode="decimal" />
            </Form.Item>
          </Space>
          <Space size="middle">
            <Form.Item name="rate" label={t('channels.rate')} rules={[{ pattern: /^\d{1,9}(\.\d{1,6})?$/ }]}>
              <Input inputMode="decimal" />
            </Form.Item>
            <Form.Item name="sort" label={t('channels.sort')}>
              <InputNumber min={0} max={10000} />
            </Form.Item>
          </Space>
          <Form.Item
            name="reason"
            label={t('common.reason')}
            rules={[
              { required: true, whitespace: true, message: t('common.reasonRequired') },
              { max: 256, message: t('common.reasonTooLong') },
            ]}
          >
            <Input.TextArea rows={2} placeholder={t('common.reasonPlaceholder')} />
          </Form.Item>
        </Form>
      </Modal>
      {holder}
    </Space>
  );
}
