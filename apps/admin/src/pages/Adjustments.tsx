import { Button, Segmented, Space, Tag, Typography } from 'antd';
import type { AdjustmentRow } from '@koi/contract';
import { useTranslation } from 'react-i18next';
import { ApproveButton } from '../components/ApproveButton';
import { idColumn, moneyColumn, playerColumn } from '../components/columns';
import { Page } from '../components/Page';
import { QueryTable, useSearchList } from '../components/QueryTable';
import { useReasonPrompt } from '../components/ReasonPrompt';
import { Money, fmtTime } from '../components/ui';
import { adminApi } from '../lib/api';
import { useCan, useMe } from '../lib/permissions';

/** The state tabs: pending first (what waits for a decision), then the decided ones, then all. */
const FILTERS = ['pending', 'applied', 'rejected', ''] as const;
type Filters = { status: (typeof FILTERS)[number] };

export function AdjustmentStatusTag({ status }: { status: AdjustmentRow['status'] }) {
  const { t } = useTranslation();
  const color = { pending: 'gold', applied: 'green', rejected: 'default' }[status];
  return <Tag color={color}>{t(`adjust.status.${status}`)}</Tag>;
}

/**
 * The two-step approvals: an adjustment above the threshold waits here until a second, different operator
 * approves (the money moves then) or rejects it. The requester's own rows cannot be approved by them; the
 * button says so, and the server refuses regardless.
 */
export function AdjustmentsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const me = useMe().data;
  const [ask, holder] = useReasonPrompt();
  const list = useSearchList<Filters, AdjustmentRow>(
    'adjustments',
    { status: 'pending' },
    adminApi.adjustments,
  );
  const mayDecide = can('POST /api/admin/adjustments/:id/approve');
  const decide = (row: AdjustmentRow, approve: boolean) =>
    ask({
      title: approve ? t('adjust.approve') : t('adjust.reject'),
      description: (
        <span>
          {row.username} (#{row.player_id}) <Money value={row.amount} signed /> USDT — {row.reason}
        </span>
      ),
      danger: !approve,
      run: (reason) => adminApi.decideAdjustment(row.id, approve, reason),
    });

  return (
    <Page title={t('menu.adjustments')}>
      <Segmented
        value={list.filters.status}
        onChange={(status) => list.search({ status })}
        options={FILTERS.map((s) => ({ value: s, label: s ? t(`adjust.status.${s}`) : t('common.all') }))}
      />
      <QueryTable<AdjustmentRow>
        list={list}
        size="large"
        columns={[
          idColumn(70),
          playerColumn(t('players.username')),
          moneyColumn(t('ledger.amount'), 'amount', { signed: true }),
          { title: t('common.reason'), dataIndex: 'reason', ellipsis: true },
          {
            title: t('adjust.state'),
            dataIndex: 'status',
            render: (s: AdjustmentRow['status']) => <AdjustmentStatusTag status={s} />,
          },
          {
            title: t('adjust.requestedBy'),
            render: (_, r) => `${r.requested_by} · ${fmtTime(r.requested_at)}`,
          },
          {
            title: t('adjust.decidedBy'),
            render: (_, r) =>
              r.decided_by ? (
                <Space direction="vertical" size={0}>
                  <span>{`${r.decided_by} · ${fmtTime(r.decided_at)}`}</span>
                  {r.decision_reason && (
                    <Typography.Text type="secondary">{r.decision_reason}</Typography.Text>
                  )}
                </Space>
              ) : (
                '—'
              ),
          },
          {
            title: t('common.actions'),
            render: (_, r) => {
              if (r.status !== 'pending') return null;
              const own = me?.username === r.requested_by;
              return (
                <Space>
                  <ApproveButton
                    size="small"
                    own={own}
                    ownHint={t('adjust.ownRequest')}
                    disabled={!mayDecide}
                    onClick={() => decide(r, true)}
                  >
                    {t('adjust.approve')}
                  </ApproveButton>
                  <Button
                    size="small"
                    danger
                    disabled={!can('POST /api/admin/adjustments/:id/reject')}
                    onClick={() => decide(r, false)}
                  >
                    {t('adjust.reject')}
                  </Button>
                </Space>
              );
            },
          },
        ]}
      />
      {holder}
    </Page>
  );
}
