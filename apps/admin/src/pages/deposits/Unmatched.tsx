import { useState } from 'react';
import {
  Alert,
  Button,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Modal,
  Segmented,
  Space,
  Table,
  Tooltip,
  Typography,
} from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useReasonPrompt } from '../../components/ReasonPrompt';
import { Money, QueryError, fmtTime, pagination } from '../../components/ui';
import { adminApi, type Unmatched } from '../../lib/api';
import { useCan, useMe } from '../../lib/permissions';
import { ChainText, PageHead, PlayerLink, StateTag, moneyCell, timeCell } from './shared';

const FILTERS = ['open', 'queued', 'awaiting_approval', 'matched', 'refunded', 'ignored', 'all'] as const;

type Dialog = { kind: 'match' | 'refund'; row: Unmatched } | null;
type DialogValues = { player_id?: number; reference?: string; reason: string };

/**
 * 未匹配队列 (decision 20): money that arrived but matched no open order. Operators match it to a player
 * (credited once; above the approval amount a second, different operator approves), record a refund, or
 * ignore it, each with a reason. The likely player is the one player this sender funded before.
 */
export function UnmatchedPage() {
  const { t } = useTranslation();
  const can = useCan();
  const me = useMe().data;
  const queryClient = useQueryClient();
  const [ask, holder] = useReasonPrompt();
  const [status, setStatus] = useState<(typeof FILTERS)[number]>('open');
  const [page, setPage] = useState({ page: 1, size: 20 });
  const [dialog, setDialog] = useState<Dialog>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<DialogValues>();
  const params = { status, ...page };
  const list = useQuery({
    queryKey: ['admin', 'unmatched', params],
    queryFn: () => adminApi.unmatched(params),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin'] });

  const open = (kind: 'match' | 'refund', row: Unmatched) => {
    form.resetFields();
    form.setFieldsValue({ player_id: (row.likely_player ?? row.order_player)?.id });
    setDialogError(null);
    setDialog({ kind, row });
  };
  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values || !dialog) return;
    setBusy(true);
    setDialogError(null);
    try {
      const reason = values.reason.trim();
      if (dialog.kind === 'match')
        await adminApi.matchUnmatched(dialog.row.id, { player_id: values.player_id!, reason });
      else await adminApi.refundUnmatched(dialog.row.id, { reference: values.reference!.trim(), reason });
      setDialog(null);
      await refresh();
    } catch (e) {
      setDialogError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const decide = (row: Unmatched, verb: 'approve' | 'reject' | 'ignore') =>
    ask({
      title: t(`deposits.${verb}`),
      description: (
        <span>
          #{row.id} · <Money value={row.amount} />
          {' USDT'}
          {row.match_player && (
            <>
              {' → '}
              <PlayerLink player={row.match_player} />
            </>
          )}
        </span>
      ),
      danger: verb !== 'approve',
      run: async (reason) => {
        await adminApi.decideUnmatched(row.id, verb, reason);
        await refresh();
      },
    });

  const mayWrite = can('POST /api/admin/deposits/unmatched/:id/match');
  const actions = (r: Unmatched) => {
    if (r.status === 'queued') {
      return (
        <Space size={4}>
          <Button size="small" type="primary" disabled={!mayWrite} onClick={() => open('match', r)}>
            {t('deposits.match')}
          </Button>
          <Button size="small" disabled={!mayWrite} onClick={() => open('refund', r)}>
            {t('deposits.refund')}
          </Button>
          <Button size="small" danger disabled={!mayWrite} onClick={() => decide(r, 'ignore')}>
            {t('deposits.ignore')}
          </Button>
        </Space>
      );
    }
    if (r.status === 'awaiting_approval') {
      const own = me?.username === r.requested_by;
      return (
        <Space size={4}>
          <Tooltip title={own ? t('deposits.ownRequest') : undefined}>
            <Button
              size="small"
              type="primary"
              disabled={!mayWrite || own}
              onClick={() => decide(r, 'approve')}
            >
              {t('deposits.approve')}
            </Button>
          </Tooltip>
          <Button size="small" danger disabled={!mayWrite} onClick={() => decide(r, 'reject')}>
            {t('deposits.reject')}
          </Button>
        </Space>
      );
    }
    return null;
  };

  const row = dialog?.row;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <PageHead title={t('menu.unmatched')} hint={t('deposits.unmatchedHint')} />
      <Segmented
        value={status}
        onChange={(v) => {
          setStatus(v as typeof status);
          setPage((p) => ({ ...p, page: 1 }));
        }}
        options={FILTERS.map((f) => ({
          value: f,
          label: f === 'all' ? t('common.all') : t(`deposits.filter.${f}`),
        }))}
      />
      <QueryError error={list.error} />
      <Table<Unmatched>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.data}
        pagination={pagination(page.page, page.size, list.data?.total, (p, s) =>
          setPage({ page: p, size: s }),
        )}
        expandable={{
          expandedRowRender: (r) => (
            <Descriptions size="small" column={3}>
              <Descriptions.Item label={t('deposits.fromAddress')}>
                <ChainText value={r.from_address} />
              </Descriptions.Item>
              <Descriptions.Item label={t('deposits.toAddress')}>
                <ChainText value={r.to_address} />
              </Descriptions.Item>
              <Descriptions.Item label={t('deposits.txId')}>
                <ChainText value={r.tx_id} />
              </Descriptions.Item>
              <Descriptions.Item label={t('deposits.orderNo')}>{r.order_no ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('deposits.resolvedBy')}>
                {r.resolved_by ? `${r.resolved_by} · ${fmtTime(r.resolved_at)}` : '—'}
              </Descriptions.Item>
              <Descriptions.Item label={t('deposits.refundReference')}>
                {r.refund_reference ?? '—'}
              </Descriptions.Item>
              <Descriptions.Item label={t('common.reason')} span={3}>
                {r.note ?? '—'}
              </Descriptions.Item>
            </Descriptions>
          ),
        }}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 60 },
          { title: t('deposits.arrivedAt'), dataIndex: 'created_at', render: timeCell },
          {
            title: t('deposits.amount'),
            dataIndex: 'amount',
            align: 'right',
            render: moneyCell,
          },
          {
            title: t('deposits.why'),
            dataIndex: 'reason',
            render: (v: string) => t(`deposits.reason.${v}`, { defaultValue: v }),
          },
          {
            title: t('deposits.fromAddress'),
            dataIndex: 'from_address',
            render: (v: string | null) => <ChainText value={v} short />,
          },
          {
            title: t('deposits.likelyPlayer'),
            render: (_, r) => <PlayerLink player={r.likely_player} />,
          },
          { title: t('deposits.orderPlayer'), render: (_, r) => <PlayerLink player={r.order_player} /> },
          {
            title: t('deposits.status'),
            render: (_, r) => (
              <Space direction="vertical" size={0}>
                <StateTag state={r.status} />
                {r.status === 'awaiting_approval' && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('deposits.requested', { who: r.requested_by })} →{' '}
                    <PlayerLink player={r.match_player} />
                  </Typography.Text>
                )}
                {r.status === 'matched' && <PlayerLink player={r.match_player} />}
              </Space>
            ),
          },
          { title: t('common.actions'), render: (_, r) => actions(r) },
        ]}
      />
      <Modal
        open={Boolean(dialog)}
        title={dialog ? t(`deposits.${dialog.kind}Title`, { id: dialog.row.id }) : undefined}
        okText={t('common.confirm')}
        okButtonProps={{ loading: busy, danger: dialog?.kind === 'refund' }}
        onOk={submit}
        onCancel={() => setDialog(null)}
        destroyOnHidden
        width={560}
      >
        {row && (
          <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
            <Descriptions.Item label={t('deposits.amount')}>
              <span>
                <Money value={row.amount} /> USDT
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('deposits.fromAddress')}>
              <ChainText value={row.from_address} />
            </Descriptions.Item>
            <Descriptions.Item label={t('deposits.likelyPlayer')}>
              <PlayerLink player={row.likely_player} />
            </Descriptions.Item>
          </Descriptions>
        )}
        {dialog?.kind === 'match' && row?.needs_approval && (
          <Alert type="warning" showIcon message={t('deposits.needsApproval')} style={{ marginBottom: 12 }} />
        )}
        {dialog?.kind === 'refund' && (
          <Alert type="info" showIcon message={t('deposits.refundHint')} style={{ marginBottom: 12 }} />
        )}
        {dialogError && (
          <Alert type="error" showIcon message={dialogError} style={{ marginBottom: 12 }} role="alert" />
        )}
        <Form form={form} layout="vertical" name="resolve">
          {dialog?.kind === 'match' ? (
            <Form.Item
              name="player_id"
              label={t('deposits.playerId')}
              rules={[{ required: true, message: t('deposits.playerIdRequired') }]}
            >
              <InputNumber min={1} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          ) : (
            <Form.Item
              name="reference"
              label={t('deposits.refundReference')}
              rules={[
                { required: true, whitespace: true, message: t('deposits.referenceRequired') },
                { max: 128, message: t('deposits.referenceTooLong') },
              ]}
            >
              <Input maxLength={128} placeholder={t('deposits.referencePlaceholder')} />
            </Form.Item>
          )}
          <Form.Item
            name="reason"
            label={t('common.reason')}
            rules={[
              { required: true, whitespace: true, message: t('common.reasonRequired') },
              { max: 256, message: t('common.reasonTooLong') },
            ]}
          >
            <Input.TextArea rows={3} maxLength={256} showCount placeholder={t('common.reasonPlaceholder')} />
          </Form.Item>
        </Form>
      </Modal>
      {holder}
    </Space>
  );
}
