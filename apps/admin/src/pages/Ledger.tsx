import { Alert, Button, Card, Form, Input, InputNumber, List, Space, Table, Tag, Typography } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { AdminTransferRow } from '@koi/contract';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SearchForm, useSearchState } from '../components/SearchForm';
import { Money, QueryError, fmtTime } from '../components/ui';
import { adminApi } from '../lib/api';
import { useCan } from '../lib/permissions';

type Filters = {
  player?: string;
  account_id?: string;
  code?: number | null;
  reference_type?: string;
  reference_id?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
};

const STATE_COLORS: Record<number, string> = { 1: 'green', 2: 'gold', 3: 'blue', 4: 'default' };

/** Transfers by player, account, code, reference and time; the system accounts; ledger:verify on demand. */
export function LedgerPage() {
  const { t } = useTranslation();
  const can = useCan();
  // `/ledger?player=42` (from a player's detail) opens the explorer already filtered to that player.
  const [search] = useSearchParams();
  const view = useSearchState<Filters>(() => ({ player: search.get('player') ?? undefined }));
  const { filters, page } = view;
  const params = {
    player: filters.player?.trim(),
    account_id: filters.account_id?.trim(),
    code: filters.code ?? undefined,
    reference_type: filters.reference_type?.trim(),
    reference_id: filters.reference_id?.trim(),
    from: filters.range?.[0]?.toISOString(),
    to: filters.range?.[1]?.toISOString(),
    ...page,
  };
  const transfers = useQuery({
    queryKey: ['admin', 'transfers', params],
    queryFn: () => adminApi.transfers(params),
    placeholderData: keepPreviousData,
  });
  const system = useQuery({ queryKey: ['admin', 'system-accounts'], queryFn: adminApi.systemAccounts });
  const verify = useMutation({ mutationFn: adminApi.verifyLedger });

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('menu.ledger')}
      </Typography.Title>
      <Card
        title={t('ledger.systemAccounts')}
        extra={
          <Button
            icon={<SafetyCertificateOutlined />}
            loading={verify.isPending}
            disabled={!can('POST /api/admin/ledger/verify')}
            onClick={() => verify.mutate()}
          >
            {t('ledger.verify')}
          </Button>
        }
      >
        <QueryError error={verify.error} />
        {verify.data && (
          <Alert
            style={{ marginBottom: 16 }}
            type={verify.data.ok ? 'success' : 'error'}
            showIcon
            data-testid="ledger-verify-result"
            message={
              verify.data.ok
                ? t('ledger.verifyOk', { transfers: verify.data.transfers, entries: verify.data.entries })
                : t('ledger.violations', { count: verify.data.violations.length })
            }
            description={
              verify.data.violations.length > 0 && (
                <List
                  size="small"
                  dataSource={verify.data.violations}
                  renderItem={(v) => (
                    <List.Item>
                      <Typography.Text code>{v.invariant}</Typography.Text> {v.message}
                    </List.Item>
                  )}
                />
              )
            }
          />
        )}
        <QueryError error={system.error} />
        <Table
          rowKey="name"
          size="small"
          pagination={false}
          loading={system.isFetching}
          dataSource={system.data}
          columns={[
            { title: t('ledger.account'), dataIndex: 'name' },
            {
              title: t('ledger.balance'),
              dataIndex: 'balance',
              align: 'right',
              render: (v: string) => <Money value={v} />,
            },
            {
              title: t('ledger.pendingDebits'),
              dataIndex: 'pending_debits',
              align: 'right',
              render: (v: string) => <Money value={v} />,
            },
            {
              title: t('ledger.pendingCredits'),
              dataIndex: 'pending_credits',
              align: 'right',
              render: (v: string) => <Money value={v} />,
            },
            { title: t('ledger.shards'), dataIndex: 'shards', align: 'right' },
          ]}
        />
      </Card>
      <Card title={t('ledger.transfers')}>
        <SearchForm<Filters>
          name="ledger-filters"
          timeRange
          initialValues={filters}
          style={{ marginBottom: 16 }}
          onSearch={view.search}
        >
          <Form.Item name="player">
            <Input allowClear placeholder={t('ledger.player')} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="account_id">
            <Input allowClear placeholder={t('ledger.accountId')} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="code">
            <InputNumber min={0} max={99} placeholder={t('ledger.code')} style={{ width: 100 }} />
          </Form.Item>
          <Form.Item name="reference_type">
            <Input allowClear placeholder={t('ledger.referenceType')} style={{ width: 150 }} />
          </Form.Item>
          <Form.Item name="reference_id">
            <Input allowClear placeholder={t('ledger.referenceId')} style={{ width: 150 }} />
          </Form.Item>
        </SearchForm>
        <QueryError error={transfers.error} />
        <Table<AdminTransferRow>
          rowKey="id"
          size="small"
          loading={transfers.isFetching}
          dataSource={transfers.data?.data}
          pagination={view.pagination(transfers.data?.total)}
          expandable={{
            expandedRowRender: (r) => (
              <pre style={{ margin: 0, fontSize: 12 }}>
                {JSON.stringify({ key: r.key, metadata: r.metadata }, null, 2)}
              </pre>
            ),
          }}
          columns={[
            { title: 'ID', dataIndex: 'id', width: 80 },
            { title: t('ledger.time'), dataIndex: 'created_at', render: fmtTime },
            { title: t('ledger.code'), render: (_, r) => `${r.code} ${r.code_name}` },
            {
              title: t('ledger.state'),
              dataIndex: 'state',
              render: (s: number) => <Tag color={STATE_COLORS[s]}>{t(`ledger.states.${s}`)}</Tag>,
            },
            {
              title: t('ledger.amount'),
              dataIndex: 'amount',
              align: 'right',
              render: (v: string) => <Money value={v} />,
            },
            { title: t('ledger.debit'), dataIndex: 'debit_label', ellipsis: true },
            { title: t('ledger.credit'), dataIndex: 'credit_label', ellipsis: true },
            {
              title: t('ledger.reference'),
              render: (_, r) => `${r.reference_type}:${r.reference_id}`,
              ellipsis: true,
            },
          ]}
        />
      </Card>
    </Space>
  );
}
