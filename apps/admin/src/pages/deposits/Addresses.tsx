import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Space, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useReasonPrompt } from '../../components/ReasonPrompt';
import { QueryError } from '../../components/ui';
import { adminApi, type DepositAddress } from '../../lib/api';
import { useCan } from '../../lib/permissions';
import { ChainText, PageHead, timeCell } from './shared';

/** The shape of a TRON address; the server verifies the checksum (base58check) and says so if it fails. */
const TRON_SHAPE = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;

/**
 * 收款地址: the pool of TRON receiving addresses. A disabled address takes no new orders but is still watched,
 * so its open orders and late payments are never lost.
 */
export function DepositAddressesPage() {
  const { t } = useTranslation();
  const can = useCan();
  const queryClient = useQueryClient();
  const [ask, holder] = useReasonPrompt();
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ address: string; label: string; reason: string }>();
  const list = useQuery({ queryKey: ['admin', 'deposit-addresses'], queryFn: adminApi.depositAddresses });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin'] });

  const add = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setBusy(true);
    setError(null);
    try {
      await adminApi.addDepositAddress({
        address: values.address.trim(),
        label: values.label?.trim() ?? '',
        reason: values.reason.trim(),
      });
      setAdding(false);
      await refresh();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const toggle = (row: DepositAddress) =>
    ask({
      title: row.enabled ? t('deposits.disableAddress') : t('deposits.enableAddress'),
      description: (
        <Space direction="vertical">
          <ChainText value={row.address} />
          {row.enabled && <span>{t('deposits.disableHint')}</span>}
        </Space>
      ),
      danger: row.enabled,
      run: async (reason) => {
        await adminApi.depositAddressStatus(row.id, !row.enabled, reason);
        await refresh();
      },
    });
  const mayWrite = can('POST /api/admin/deposits/addresses');

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <PageHead
        title={t('menu.depositAddresses')}
        hint={t('deposits.addressesHint')}
        extra={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={!mayWrite}
            onClick={() => {
              form.resetFields();
              setError(null);
              setAdding(true);
            }}
          >
            {t('deposits.addAddress')}
          </Button>
        }
      />
      <QueryError error={list.error} />
      <Table<DepositAddress>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.data}
        pagination={false}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 60 },
          {
            title: t('deposits.address'),
            dataIndex: 'address',
            render: (v: string) => <ChainText value={v} />,
          },
          { title: t('deposits.label'), dataIndex: 'label', render: (v: string) => v || '—' },
          {
            title: t('deposits.status'),
            dataIndex: 'enabled',
            render: (on: boolean) =>
              on ? <Tag color="green">{t('deposits.enabled')}</Tag> : <Tag>{t('deposits.disabled')}</Tag>,
          },
          { title: t('deposits.openOrders'), dataIndex: 'open_orders', align: 'right' },
          { title: t('deposits.addedAt'), dataIndex: 'created_at', render: timeCell },
          {
            title: t('common.actions'),
            render: (_, r) => (
              <Button
                size="small"
                danger={r.enabled}
                disabled={!can(`POST /api/admin/deposits/addresses/:id/${r.enabled ? 'disable' : 'enable'}`)}
                onClick={() => toggle(r)}
              >
                {r.enabled ? t('deposits.disable') : t('deposits.enable')}
              </Button>
            ),
          },
        ]}
      />
      <Modal
        open={adding}
        title={t('deposits.addAddress')}
        okText={t('common.confirm')}
        okButtonProps={{ loading: busy }}
        onOk={add}
        onCancel={() => setAdding(false)}
        destroyOnHidden
      >
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} role="alert" />}
        <Form form={form} layout="vertical" name="address">
          <Form.Item
            name="address"
            label={t('deposits.address')}
            rules={[
              { required: true, whitespace: true, message: t('deposits.addressRequired') },
              {
                validator: (_, v: string | undefined) =>
                  !v || TRON_SHAPE.test(v.trim())
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('deposits.addressShape'))),
              },
            ]}
          >
            <Input maxLength={64} placeholder="T…" style={{ fontFamily: 'monospace' }} />
          </Form.Item>
          <Form.Item name="label" label={t('deposits.label')} rules={[{ max: 64 }]}>
            <Input maxLength={64} placeholder={t('deposits.labelPlaceholder')} />
          </Form.Item>
          <Form.Item
            name="reason"
            label={t('common.reason')}
            rules={[
              { required: true, whitespace: true, message: t('common.reasonRequired') },
              { max: 256, message: t('common.reasonTooLong') },
            ]}
          >
            <Input.TextArea rows={2} maxLength={256} placeholder={t('common.reasonPlaceholder')} />
          </Form.Item>
        </Form>
      </Modal>
      {holder}
    </Space>
  );
}
