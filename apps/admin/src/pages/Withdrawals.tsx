import { useState, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Drawer,
  Form,
  Input,
  Row,
  Segmented,
  Space,
  Statistic,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminWithdrawal } from '@koi/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApproveButton } from '../components/ApproveButton';
import { idColumn, moneyColumn, playerColumn } from '../components/columns';
import { FormModal } from '../components/FormModal';
import { Page } from '../components/Page';
import { QueryTable, useSearchList } from '../components/QueryTable';
import { useReasonPrompt } from '../components/ReasonPrompt';
import { Money, QueryError, fmtTime } from '../components/ui';
import { useCan, useMe } from '../lib/permissions';
import { withdrawalsApi } from '../lib/withdrawalsApi';

const STATUS_FILTERS = ['open', 'applied', 'approved', 'paying', 'paid', 'rejected', 'all'] as const;
type Filters = {
  status: (typeof STATUS_FILTERS)[number];
  player_id?: string;
  address?: string;
  min_amount?: string;
};

/**
 * A payout whose outcome the rail has not confirmed (a timeout, a lost answer, a crash) stays `paying`
 * (decision 22). Operators see it as "processing, outcome unknown" so nobody refunds or re-sends it by hand:
 * the reconciler settles it from the rail's own answer.
 */
const outcomeUnknown = (w: AdminWithdrawal) =>
  w.state === 'paying' && (w.payout_attempts > 0 || w.last_payout_error !== null);

export function WithdrawalStateTag({ w }: { w: AdminWithdrawal }) {
  const { t } = useTranslation();
  if (outcomeUnknown(w)) return <Tag color="orange">{t('withdrawals.state.processing')}</Tag>;
  if (w.needs_second_approval) return <Tag color="purple">{t('withdrawals.state.secondPending')}</Tag>;
  const color = {
    applied: 'gold',
    approved: 'blue',
    paying: 'processing',
    paid: 'green',
    rejected: 'default',
  }[w.state];
  return <Tag color={color}>{t(`withdrawals.state.${w.state}`)}</Tag>;
}

function FlagTags({ flags }: { flags: string[] }) {
  const { t } = useTranslation();
  if (flags.length === 0) return <Tag color="green">{t('withdrawals.noFlags')}</Tag>;
  return (
    <Space size={[0, 4]} wrap>
      {flags.map((f) => (
        <Tag key={f} color="red">
          {t(`withdrawals.flag.${f}`, { defaultValue: f })}
        </Tag>
      ))}
    </Space>
  );
}

/** A transaction hash, shortened in tables, copyable in full. */
function TxHash({ hash, full }: { hash: string | null; full?: boolean }) {
  if (!hash) return <>—</>;
  return (
    <Typography.Text copyable={{ text: hash }} code data-testid="withdrawal-tx-hash">
      {full ? hash : `${hash.slice(0, 10)}…${hash.slice(-6)}`}
    </Typography.Text>
  );
}

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
      <Segmented
        value={list.filters.status}
        onChange={(status) => list.search({ ...list.filters, status })}
        options={STATUS_FILTERS.map((s) => ({ value: s, label: t(`withdrawals.filter.${s}`) }))}
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

export function WithdrawalDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const can = useCan();
  const me = useMe().data;
  const queryClient = useQueryClient();
  const [ask, reasonHolder] = useReasonPrompt();
  const [approving, setApproving] = useState(false);
  const detail = useQuery({
    queryKey: ['admin', 'withdrawal', id],
    queryFn: () => withdrawalsApi.one(id),
    // While a payout is under way the drawer follows it to paid (or to the reconciler's answer).
    refetchInterval: (q) =>
      q.state.data && ['approved', 'paying'].includes(q.state.data.state) ? 3_000 : false,
  });
  const w = detail.data;
  const ownFirstApproval = Boolean(w?.needs_second_approval && me && w.approved_by === me.id);
  const mayApprove = can('POST /api/admin/withdrawals/:id/approve') && w?.state === 'applied';

  const reject = () =>
    ask({
      title: t('withdrawals.reject'),
      description: t('withdrawals.rejectHint'),
      danger: true,
      run: (reason) => withdrawalsApi.reject(id, reason),
    });

  return (
    <Drawer
      open
      width={1000}
      onClose={onClose}
      title={w ? `${t('withdrawals.drawerTitle')} #${w.id} · ${w.username} (#${w.player_id})` : ''}
      extra={
        w?.state === 'applied' && (
          <Space>
            <Button danger onClick={reject} disabled={!can('POST /api/admin/withdrawals/:id/reject')}>
              {t('withdrawals.reject')}
            </Button>
            <ApproveButton
              own={ownFirstApproval}
              ownHint={t('withdrawals.ownFirstApproval')}
              disabled={!mayApprove}
              onClick={() => setApproving(true)}
            >
              {w.needs_second_approval ? t('withdrawals.approveSecond') : t('withdrawals.approve')}
            </ApproveButton>
          </Space>
        )
      }
    >
      <QueryError error={detail.error} />
      {w && (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <DecisionBanner w={w} ownFirstApproval={ownFirstApproval} />
          <Descriptions bordered size="small" column={3} title={t('withdrawals.orderTitle')}>
            <Descriptions.Item label={t('withdrawals.stateCol')}>
              <WithdrawalStateTag w={w} />
            </Descriptions.Item>
            <Descriptions.Item label={t('withdrawals.amount')}>
              <Money value={w.amount} /> USDT
            </Descriptions.Item>
            <Descriptions.Item label={t('withdrawals.feeTotal')}>
              <Money value={w.fee} /> / <Money value={w.total} />
            </Descriptions.Item>
            <Descriptions.Item label={t('withdrawals.address')} span={2}>
              <Typography.Text copyable style={{ fontFamily: 'monospace' }}>
                {w.address_type === '2' ? `+${w.area} ${w.address}` : w.address}
              </Typography.Text>{' '}
              <Tag>{t(`withdrawals.addressType.${w.address_type}`)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('withdrawals.addressAge')}>
              {t('withdrawals.hours', { n: w.context.address_age_hours })}
            </Descriptions.Item>
            <Descriptions.Item label={t('withdrawals.appliedAt')}>{fmtTime(w.created_at)}</Descriptions.Item>
            <Descriptions.Item label={t('withdrawals.updatedAt')}>{fmtTime(w.updated_at)}</Descriptions.Item>
            <Descriptions.Item label={t('withdrawals.approvals')}>
              {w.approved_by === null && w.state !== 'applied' && w.state !== 'rejected'
                ? t('withdrawals.autoApproved')
                : [
                    [w.approved_by, w.approved_by_name] as const,
                    [w.second_approved_by, w.second_approved_by_name] as const,
                  ]
                    .filter(([id]) => id !== null)
                    // The operator's username; the id only for an operator that no longer exists.
                    .map(([id, name]) => name ?? t('withdrawals.operator', { id }))
                    .join(' · ') || '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('withdrawals.txHash')} span={3}>
              <TxHash hash={w.tx_hash} full />
            </Descriptions.Item>
            {w.reason && (
              <Descriptions.Item label={t('withdrawals.rejectReason')} span={3}>
                {w.reason}
              </Descriptions.Item>
            )}
            {(w.payout_attempts > 0 || w.last_payout_error) && (
              <Descriptions.Item label={t('withdrawals.payoutAttempts')} span={3}>
                {w.payout_attempts}
                {w.last_payout_error ? ` · ${w.last_payout_error}` : ''}
              </Descriptions.Item>
            )}
          </Descriptions>
          <PlayerContext w={w} />
        </Space>
      )}
      {approving && w && (
        <FormModal<{ note?: string }>
          name="approve"
          title={w.needs_second_approval ? t('withdrawals.approveSecond') : t('withdrawals.approve')}
          description={
            <p>
              {t('withdrawals.approveHint', { amount: w.amount, address: w.address })}
              {w.two_operators_required && !w.needs_second_approval && (
                <>
                  <br />
                  <Typography.Text type="warning">{t('withdrawals.firstOfTwo')}</Typography.Text>
                </>
              )}
            </p>
          }
          submit={async ({ note }) => {
            // The drawer shows the new state at once; the refresh that follows confirms it.
            queryClient.setQueryData(
              ['admin', 'withdrawal', id],
              await withdrawalsApi.approve(id, note?.trim() ?? ''),
            );
          }}
          onClose={() => setApproving(false)}
        >
          <Form.Item name="note" noStyle>
            <Input.TextArea
              rows={2}
              maxLength={256}
              placeholder={t('withdrawals.notePlaceholder')}
              aria-label={t('withdrawals.note')}
            />
          </Form.Item>
        </FormModal>
      )}
      {reasonHolder}
    </Drawer>
  );
}

/** What the operator must know before acting: two-operator state, payout under way, outcome unknown. */
function DecisionBanner({ w, ownFirstApproval }: { w: AdminWithdrawal; ownFirstApproval: boolean }) {
  const { t } = useTranslation();
  if (w.needs_second_approval) {
    return (
      <Alert
        type="warning"
        showIcon
        data-testid="second-approval-banner"
        message={t('withdrawals.secondPendingTitle', {
          name: w.approved_by_name ?? t('withdrawals.operator', { id: w.approved_by }),
        })}
        description={
          ownFirstApproval ? t('withdrawals.ownFirstApproval') : t('withdrawals.secondPendingHint')
        }
      />
    );
  }
  if (w.state === 'applied' && w.two_operators_required) {
    return <Alert type="info" showIcon message={t('withdrawals.twoOperatorsHint')} />;
  }
  if (outcomeUnknown(w)) {
    return <Alert type="warning" showIcon message={t('withdrawals.processingHint')} />;
  }
  if (w.state === 'approved' || w.state === 'paying') {
    return <Alert type="info" showIcon message={t('withdrawals.payingHint')} />;
  }
  if (w.state === 'paid') {
    return <Alert type="success" showIcon message={t('withdrawals.paidHint')} />;
  }
  return null;
}

type RecentGame = AdminWithdrawal['context']['recent_games'][number];

/** Colours of a context figure: good or bad for paying this withdrawal out. */
const GOOD = '#3f8600';
const BAD = '#cf1322';
const isZero = (amount: string) => /^0(\.0*)?$/.test(amount);

/** One figure of the player's context in a small card a quarter of the row wide, with any note under it. */
function Figure({
  title,
  value,
  suffix,
  color,
  children,
}: {
  title: string;
  value: string;
  suffix?: string;
  color?: string;
  children?: ReactNode;
}) {
  return (
    <Col span={6}>
      <Card size="small">
        <Statistic title={title} value={value} suffix={suffix} valueStyle={color ? { color } : undefined} />
        {children}
      </Card>
    </Col>
  );
}

function PlayerContext({ w }: { w: AdminWithdrawal }) {
  const { t } = useTranslation();
  const c = w.context;
  const turnoverMet = isZero(c.turnover_remaining);
  const players = (ids: number[]) =>
    ids.length === 0 ? (
      <Tag color="green">{t('withdrawals.none')}</Tag>
    ) : (
      <Space size={[4, 4]} wrap>
        {ids.map((pid) => (
          <Link key={pid} to={`/players/${pid}`}>
            <Tag color="red">#{pid}</Tag>
          </Link>
        ))}
      </Space>
    );
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('withdrawals.contextTitle')}
      </Typography.Title>
      <Row gutter={12}>
        <Figure title={t('withdrawals.deposits')} value={c.deposits} suffix="USDT" />
        <Figure
          title={t('withdrawals.withdrawn')}
          value={c.withdrawn}
          suffix="USDT"
          color={c.flags.includes('withdraws_more_than_deposited') ? BAD : undefined}
        >
          <Typography.Text type="secondary" data-testid="context-withdrawing">
            {t('withdrawals.withdrawing', { amount: c.withdrawing })}
          </Typography.Text>
        </Figure>
        <Figure
          title={t('withdrawals.weekProfit')}
          value={c.week_bets.profit}
          suffix="USDT"
          // The player's win is the platform's loss: red when the player is up, green when down.
          color={isZero(c.week_bets.profit) ? undefined : c.week_bets.profit.startsWith('-') ? GOOD : BAD}
        />
        <Figure
          title={t('withdrawals.turnover')}
          value={turnoverMet ? t('withdrawals.turnoverMet') : c.turnover_remaining}
          suffix={turnoverMet ? undefined : 'USDT'}
          color={turnoverMet ? GOOD : BAD}
        />
      </Row>
      <Descriptions bordered size="small" column={2}>
        <Descriptions.Item label={t('withdrawals.flags')} span={2}>
          <FlagTags flags={c.flags} />
        </Descriptions.Item>
        <Descriptions.Item label={t('withdrawals.history')}>
          {t('withdrawals.historyText', { previous: c.previous_withdrawals, open: c.open_withdrawals })}
        </Descriptions.Item>
        <Descriptions.Item label={t('withdrawals.weekBets')}>
          {t('withdrawals.weekBetsText', {
            count: c.week_bets.bet_count,
            stake: c.week_bets.stake,
            payout: c.week_bets.payout,
          })}
        </Descriptions.Item>
        <Descriptions.Item label={t('withdrawals.sameAddress')}>{players(c.other_players)}</Descriptions.Item>
        <Descriptions.Item label={t('withdrawals.sameDevice')}>
          {players(c.same_device_players)}
        </Descriptions.Item>
      </Descriptions>
      <Table<RecentGame>
        size="small"
        rowKey={(g) => `${g.plat_name}:${g.game_name}`}
        title={() => t('withdrawals.recentGames')}
        pagination={false}
        dataSource={c.recent_games}
        locale={{ emptyText: t('withdrawals.noBets') }}
        columns={[
          { title: t('withdrawals.game'), render: (_, g) => `${g.plat_name} · ${g.game_name}` },
          { title: t('withdrawals.betCount'), dataIndex: 'bet_count', align: 'right' },
          moneyColumn(t('withdrawals.stake'), 'stake'),
          moneyColumn(t('withdrawals.profit'), 'profit', { signed: true }),
        ]}
      />
    </Space>
  );
}
