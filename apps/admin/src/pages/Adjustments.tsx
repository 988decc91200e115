import { useState } from 'react';
import { Button, Segmented, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdjustmentRow } from '@koi/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useReasonPrompt } from '../components/ReasonPrompt';
import { Money, QueryError, fmtTime, pagination } from '../components/ui';
import { adminApi } from '../lib/api';
import { useCan, useMe } from '../lib/permissions';

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
  const queryClient = useQueryClient();
  const [ask, holder] = useReasonPrompt();
  const [status, setStatus] = useState<'pending' | 'applied' | 'rejected' | ''>('pending');
  const [page, setPage] = useState({ page: 1, size: 20 });
  const params = { status, ...page };
  const list = useQuery({
    queryKey: ['admin', 'adjustments', params],
    queryFn: () => adminApi.adjustments(params),
    placeholderData: keepPreviousData,
  });
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
      run: async (reason) => {
        await adminApi.decideAdjustment(row.id, approve, reason);
        await queryClient.invalidateQueries({ queryKey: ['admin'] });
      },
    });

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('menu.adjustments')}
      </Typography.Title>
      <Segmented
        value={status}
        onChange={(v) => {
          setStatus(v as typeof status);
          setPage((p) => ({ ...p, page: 1 }));
        }}
        options={[
          { value: 'pending', label: t('adjust.status.pending') },
          { value: 'applied', label: t('adjust.status.applied') },
          { value: 'rejected', label: t('adjust.status.rejected') },
          { value: '', label: t('common.all') },
        ]}
      />
      <QueryError error={list.error} />
      <Table<AdjustmentRow>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.data}
        pagination={pagination(page.page, page.size, list.data?.total, (p, s) =>
          setPage({ page: p, size: s }),
        )}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 70 },
          {
            title: t('players.username'),
            render: (_, r) => <Link to={`/players/${r.player_id}`}>{`${r.username} (#${r.player_id})`}</Link>,
          },
          {
            title: t('ledger.amount'),
            dataIndex: 'amount',
            align: 'right',
            render: (v: string) => <Money value={v} signed />,
          },
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
                  <Tooltip title={own ? t('adjust.ownRequest') : undefined}>
                    <Button
                      size="small"
                      type="primary"
                      disabled={!mayDecide || own}
                      onClick={() => decide(r, true)}
                    >
                      {t('adjust.approve')}
                    </Button>
                  </Tooltip>
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
    </Space>
  );
}
