import { useState } from 'react';
import { Alert, Button, Form, Input, Segmented, Space, Tag, Typography } from 'antd';
import type { AdminWithdrawal } from '@koi/contract';
import { useTranslation } from 'react-i18next';
import { idColumn, moneyColumn, playerColumn } from '../components/columns';
import { Page } from '../components/Page';
import { QueryTable, useSearchList } from '../components/QueryTable';
import { Money, fmtTime, labelledChoices } from '../components/ui';
import { withdrawalsApi } from '../lib/withdrawalsApi';
import { WithdrawalStateTag, FlagTags, TxHash } from './withdrawals/parts';
import { WithdrawalDrawer } from './withdrawals/WithdrawalDrawer';
import { PayoutMethodsButton } from './withdrawals/PayoutMethods';

const STATUS_FILTERS = ['open', 'applied', 'approved', 'paying', 'paid', 'rejected', 'all'] as const;
type AttentionCounts = { alerts: number; manual: number };
type Filters = {
  status: (typeof STATUS_FILTERS)[number];
  player_id?: string;
  address?: string;
  min_amount?: string;
  /** Only paying withdrawals waiting for a person (an alerted unclear payout, a manual payout). */
  attention?: '1';
};

/**
 * The finance review queue (decision 22): withdrawals by state, oldest first, with filters; a review drawer
 * with the player's context; approve (two different operators above the configured amount) and reject with a
 * reason shown to the player.
 */
export function WithdrawalsPage() {
  const { t } = useTranslation();
  const [openId, setOpenId] = useState<number | null>(null);
  const list = useSearchList<Filters, AdminWithdrawal>(
    'withdrawals',
    { status: 'open' },
    withdrawalsApi.list,
    {
      // The queue changes as players apply and payouts settle; a finance screen left open stays current.
      refetchInterval: 15_000,
    },
  );

  return (
    <Page title={t('menu.withdrawals')}>
      <AttentionBanner
        counts={(list.query.data as { attention?: AttentionCounts } | undefined)?.attention}
        active={list.filters.attention === '1'}
        show={() => list.search({ status: 'paying', attention: '1' })}
        showAll={() => list.search({ status: 'open' })}
      />
      <Segmented
        value={list.filters.status}
        onChange={(status) => list.search({ ...list.filters, status, attention: undefined })}
        options={labelledChoices(t, 'withdrawals.filter', STATUS_FILTERS)}
      />
      <Form<Filters>
        layout="inline"
        name="withdrawal-filters"
        onFinish={(v) => list.search({ ...list.filters, ...v })}
      >
        <Form.Item
          name="player_id"
          rules={[{ pattern: /^\d*$/, message: t('withdrawals.playerIdFormat') }]}
          style={{ width: 140 }}
        >
          <Input placeholder={t('withdrawals.playerId')} allowClear />
        </Form.Item>
        <Form.Item name="address" style={{ width: 340 }}>
          <Input placeholder={t('withdrawals.address')} allowClear />
        </Form.Item>
        <Form.Item
          name="min_amount"
          rules={[{ pattern: /^(\d{1,12}(\.\d{1,6})?)?$/, message: t('withdrawals.amountFormat') }]}
          style={{ width: 160 }}
        >
          <Input placeholder={t('withdrawals.minAmount')} allowClear suffix="USDT" />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('common.search')}
        </Button>
        <Form.Item style={{ marginLeft: 'auto' }}>
          <PayoutMethodsButton />
        </Form.Item>
      </Form>
      <QueryTable<AdminWithdrawal>
        list={list}
        size="middle"
        // Grey only the first load: the queue refreshes itself every 15 seconds.
        loading={list.query.isFetching && !list.query.data}
        onRow={(r) => ({ onDoubleClick: () => setOpenId(r.id) })}
        columns={[
          idColumn(70),
          playerColumn(t('withdrawals.player')),
          {
            title: t('withdrawals.amount'),
            dataIndex: 'amount',
            align: 'right',
            width: 130,
            render: (v: string, r) => (
              <Space direction="vertical" size={0} style={{ alignItems: 'flex-end' }}>
                <Money value={v} />
                {r.two_operators_required && <Tag color="purple">{t('withdrawals.twoOperators')}</Tag>}
              </Space>
            ),
          },
          moneyColumn(t('withdrawals.fee'), 'fee', { width: 100 }),
          {
            title: t('withdrawals.address'),
            dataIndex: 'address',
            width: 280,
            render: (v: string, r) => (
              <Typography.Text copyable={{ text: v }} style={{ fontFamily: 'monospace', fontSize: 12 }}>
                {r.address_type === '2' ? `+${r.area} ${v}` : v}
              </Typography.Text>
            ),
          },
          { title: t('withdrawals.stateCol'), render: (_, r) => <WithdrawalStateTag w={r} /> },
          {
            title: t('withdrawals.flags'),
            render: (_, r) => <FlagTags flags={r.context.flags} />,
          },
          { title: t('withdrawals.appliedAt'), dataIndex: 'created_at', render: fmtTime, width: 170 },
          {
            title: t('withdrawals.txHash'),
            dataIndex: 'tx_hash',
            width: 170,
            render: (v: string | null) => <TxHash hash={v} />,
          },
          {
            title: t('common.actions'),
            fixed: 'right',
            render: (_, r) => (
              <Button size="small" type="primary" ghost onClick={() => setOpenId(r.id)}>
                {r.state === 'applied' ? t('withdrawals.review') : t('withdrawals.view')}
              </Button>
            ),
          },
        ]}
      />
      {openId !== null && <WithdrawalDrawer id={openId} onClose={() => setOpenId(null)} />}
    </Page>
  );
}

/**
 * Payouts waiting for a person, above the queue: unclear payouts past the alert time (two operators settle
 * them after checking the chain) and manual payouts (paid outside the rail, confirmed by two operators).
 */
function AttentionBanner({
  counts,
  active,
  show,
  showAll,
}: {
  counts: AttentionCounts | undefined;
  active: boolean;
  show: () => void;
  showAll: () => void;
}) {
  const { t } = useTranslation();
  if (!counts || (counts.alerts === 0 && counts.manual === 0)) return null;
  return (
    <Alert
      type={counts.alerts > 0 ? 'error' : 'info'}
      showIcon
      data-testid="payout-attention"
      message={t('withdrawals.attention', { alerts: counts.alerts, manual: counts.manual })}
      action={
        active ? (
          <Button size="small" onClick={showAll}>
            {t('withdrawals.attentionAll')}
          </Button>
        ) : (
          <Button size="small" danger={counts.alerts > 0} onClick={show}>
            {t('withdrawals.attentionShow')}
          </Button>
        )
      }
    />
  );
}
