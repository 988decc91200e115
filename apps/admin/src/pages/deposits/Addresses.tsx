import { useState } from 'react';
import { Button, Form, Input, Space, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { idColumn, timeCell } from '../../components/columns';
import { FormModal } from '../../components/FormModal';
import { TextField } from '../../components/FormFields';
import { AddButton, Page } from '../../components/Page';
import { QueryTable } from '../../components/QueryTable';
import { ReasonField, useReasonPrompt } from '../../components/ReasonPrompt';
import { adminApi, type DepositAddress } from '../../lib/api';
import { useCan } from '../../lib/permissions';
import { chainColumn, ChainText } from './shared';

/** The shape of a TRON address; the server verifies the checksum (base58check) and says so if it fails. */
const TRON_SHAPE = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;

/**
 * 收款地址: the pool of TRON receiving addresses. A disabled address takes no new orders but is still watched,
 * so its open orders and late payments are never lost.
 */
export function DepositAddressesPage() {
  const { t } = useTranslation();
  const can = useCan();
  const [ask, holder] = useReasonPrompt();
  const [adding, setAdding] = useState(false);
  const list = useQuery({ queryKey: ['admin', 'deposit-addresses'], queryFn: adminApi.depositAddresses });

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
      run: (reason) => adminApi.depositAddressStatus(row.id, !row.enabled, reason),
    });
  const mayWrite = can('POST /api/admin/deposits/addresses');

  return (
    <Page
      title={t('menu.depositAddresses')}
      hint={t('deposits.addressesHint')}
      extra={
        <AddButton disabled={!mayWrite} onClick={() => setAdding(true)}>
          {t('deposits.addAddress')}
        </AddButton>
      }
    >
      <QueryTable<DepositAddress>
        query={list}
        size="large"
        columns={[
          idColumn(60),
          chainColumn(t('deposits.address'), 'address'),
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
      {adding && (
        <FormModal<{ address: string; label?: string; reason: string }>
          name="address"
          title={t('deposits.addAddress')}
          submit={(v) =>
            adminApi.addDepositAddress({
              address: v.address.trim(),
              label: v.label?.trim() ?? '',
              reason: v.reason.trim(),
            })
          }
          onClose={() => setAdding(false)}
        >
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
          <TextField
            name="label"
            label={t('deposits.label')}
            rules={[{ max: 64 }]}
            maxLength={64}
            placeholder={t('deposits.labelPlaceholder')}
          />
          <ReasonField compact />
        </FormModal>
      )}
      {holder}
    </Page>
  );
}
