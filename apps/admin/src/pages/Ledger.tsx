import { Card, Form, InputNumber, List, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { AdminTransferRow } from '@koi/contract';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { idColumn, moneyColumn } from '../components/columns';
import { useIntegrityCheck } from '../components/IntegrityCheck';
import { Page } from '../components/Page';
import { QueryTable, useSearchList } from '../components/QueryTable';
import { SearchForm, TextFilter, type TimeRange } from '../components/SearchForm';
import { fmtTime } from '../components/ui';
import { adminApi, type SystemAccount } from '../lib/api';

type Filters = {
  player?: string;
  account_id?: string;
  code?: number | null;
  reference_type?: string;
  reference_id?: string;
  range?: TimeRange;
};

const STATE_COLORS: Record<number, string> = { 1: 'green', 2: 'gold', 3: 'blue', 4: 'default' };

/** Transfers by player, account, code, reference and time; the system accounts; ledger:verify on demand. */
export function LedgerPage() {
  const { t } = useTranslation();
  // `/ledger?player=42` (from a player's detail) opens the explorer already filtered to that player.
  const [search] = useSearchParams();
  const transfers = useSearchList<Filters, AdminTransferRow>(
    'transfers',
    () => ({ player: search.get('player') ?? undefined }),
    adminApi.transfers,
  );
  const system = useQuery({ queryKey: ['admin', 'system-accounts'], queryFn: adminApi.systemAccounts });
  const verify = useIntegrityCheck({
    run: adminApi.verifyLedger,
    route: 'POST /api/admin/ledger/verify',
    label: t('ledger.verify'),
    testId: 'ledger-verify-result',
    style: { marginBottom: 16 },
    verdict: (r) => ({
      ok: r.ok,
      message: r.ok
        ? t('ledger.verifyOk', { transfers: r.transfers, entries: r.entries })
        : t('ledger.violations', { count: r.violations.length }),
      description: r.violations.length > 0 && (
        <List
          size="small"
          dataSource={r.violations}
          renderItem={(v) => (
            <List.Item>
              <Typography.Text code>{v.invariant}</Typography.Text> {v.message}
            </List.Item>
          )}
        />
      ),
    }),
  });

  return (
    <Page title={t('menu.ledger')}>
      <Card title={t('ledger.systemAccounts')} extra={verify.button}>
        {verify.result}
        <QueryTable<SystemAccount>
          query={system}
          rowKey="name"
          columns={[
            { title: t('ledger.account'), dataIndex: 'name' },
            moneyColumn(t('ledger.balance'), 'balance'),
            moneyColumn(t('ledger.pendingDebits'), 'pending_debits'),
            moneyColumn(t('ledger.pendingCredits'), 'pending_credits'),
            { title: t('ledger.shards'), dataIndex: 'shards', align: 'right' },
          ]}
        />
      </Card>
      <Card title={t('ledger.transfers')}>
        <SearchForm<Filters>
          name="ledger-filters"
          timeRange
          initialValues={transfers.filters}
          style={{ marginBottom: 16 }}
          onSearch={transfers.search}
        >
          <TextFilter name="player" placeholder={t('ledger.player')} width={160} />
          <TextFilter name="account_id" placeholder={t('ledger.accountId')} width={140} />
          <Form.Item name="code">
            <InputNumber min={0} max={99} placeholder={t('ledger.code')} style={{ width: 100 }} />
          </Form.Item>
          <TextFilter name="reference_type" placeholder={t('ledger.referenceType')} width={150} />
          <TextFilter name="reference_id" placeholder={t('ledger.referenceId')} width={150} />
        </SearchForm>
        <QueryTable<AdminTransferRow>
          list={transfers}
          expandable={{
            expandedRowRender: (r) => (
              <pre style={{ margin: 0, fontSize: 12 }}>
                {JSON.stringify({ key: r.key, metadata: r.metadata }, null, 2)}
              </pre>
            ),
          }}
          columns={[
            idColumn(80),
            { title: t('ledger.time'), dataIndex: 'created_at', render: fmtTime },
            { title: t('ledger.code'), render: (_, r) => `${r.code} ${r.code_name}` },
            {
              title: t('ledger.state'),
              dataIndex: 'state',
              render: (s: number) => <Tag color={STATE_COLORS[s]}>{t(`ledger.states.${s}`)}</Tag>,
            },
            moneyColumn(t('ledger.amount'), 'amount'),
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
    </Page>
  );
}
