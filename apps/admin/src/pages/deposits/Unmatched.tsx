import { useState } from 'react';
import { Alert, Button, Descriptions, Form, Input, InputNumber, Segmented, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApproveButton } from '../../components/ApproveButton';
import { idColumn, moneyColumn, PlayerLink, timeCell } from '../../components/columns';
import { FormModal } from '../../components/FormModal';
import { Page } from '../../components/Page';
import { QueryTable, useSearchList } from '../../components/QueryTable';
import { ReasonField, requiredTextRules, useReasonPrompt } from '../../components/ReasonPrompt';
import { Money, fmtTime } from '../../components/ui';
import { adminApi, type Unmatched } from '../../lib/api';
import { useCan, useMe } from '../../lib/permissions';
import { chainColumn, chainItem, StateTag } from './shared';

const FILTERS = ['open', 'queued', 'awaiting_approval', 'matched', 'refunded', 'ignored', 'all'] as const;
type Filters = { status: (typeof FILTERS)[number] };

type Dialog = { kind: 'match' | 'refund'; row: Unmatched };
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
  const [ask, holder] = useReasonPrompt();
  const list = useSearchList<Filters, Unmatched>('unmatched', { status: 'open' }, adminApi.unmatched);
  const [dialog, setDialog] = useState<Dialog | null>(null);

  const open = (kind: 'match' | 'refund', row: Unmatched) => setDialog({ kind, row });
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
      run: (reason) => adminApi.decideUnmatched(row.id, verb, reason),
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
          <ApproveButton
            size="small"
            own={own}
            ownHint={t('deposits.ownRequest')}
            disabled={!mayWrite}
            onClick={() => decide(r, 'approve')}
          >
            {t('deposits.approve')}
          </ApproveButton>
          <Button size="small" danger disabled={!mayWrite} onClick={() => decide(r, 'reject')}>
            {t('deposits.reject')}
          </Button>
        </Space>
      );
    }
    return null;
  };

  return (
    <Page title={t('menu.unmatched')} hint={t('deposits.unmatchedHint')}>
      <Segmented
        value={list.filters.status}
        onChange={(status) => list.search({ status })}
        options={FILTERS.map((f) => ({
          value: f,
          label: f === 'all' ? t('common.all') : t(`deposits.filter.${f}`),
        }))}
      />
      <QueryTable<Unmatched>
        list={list}
        expandable={{
          expandedRowRender: (r) => (
            <Descriptions size="small" column={3}>
              {chainItem(t('deposits.fromAddress'), r.from_address)}
              {chainItem(t('deposits.toAddress'), r.to_address)}
              {chainItem(t('deposits.txId'), r.tx_id)}
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
          idColumn(60),
          { title: t('deposits.arrivedAt'), dataIndex: 'created_at', render: timeCell },
          moneyColumn(t('deposits.amount'), 'amount'),
          {
            title: t('deposits.why'),
            dataIndex: 'reason',
            render: (v: string) => t(`deposits.reason.${v}`, { defaultValue: v }),
          },
          chainColumn(t('deposits.fromAddress'), 'from_address', { short: true }),
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
      {dialog && <ResolveDialog {...dialog} onClose={() => setDialog(null)} />}
      {holder}
    </Page>
  );
}

/**
 * Matching credits the player the dialog names (prefilled with the likely player, else the order's);
 * a refund records the reference of the payment that sent the money back. Both need a reason.
 */
function ResolveDialog({ kind, row, onClose }: Dialog & { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <FormModal<DialogValues>
      name="resolve"
      title={t(`deposits.${kind}Title`, { id: row.id })}
      danger={kind === 'refund'}
      width={560}
      initialValues={{ player_id: (row.likely_player ?? row.order_player)?.id }}
      description={
        <>
          <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
            <Descriptions.Item label={t('deposits.amount')}>
              <span>
                <Money value={row.amount} /> USDT
              </span>
            </Descriptions.Item>
            {chainItem(t('deposits.fromAddress'), row.from_address)}
            <Descriptions.Item label={t('deposits.likelyPlayer')}>
              <PlayerLink player={row.likely_player} />
            </Descriptions.Item>
          </Descriptions>
          {kind === 'match' && row.needs_approval && (
            <Alert
              type="warning"
              showIcon
              message={t('deposits.needsApproval')}
              style={{ marginBottom: 12 }}
            />
          )}
          {kind === 'refund' && (
            <Alert type="info" showIcon message={t('deposits.refundHint')} style={{ marginBottom: 12 }} />
          )}
        </>
      }
      submit={({ player_id, reference, reason }) =>
        kind === 'match'
          ? adminApi.matchUnmatched(row.id, { player_id: player_id!, reason: reason.trim() })
          : adminApi.refundUnmatched(row.id, { reference: reference!.trim(), reason: reason.trim() })
      }
      onClose={onClose}
    >
      {kind === 'match' ? (
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
          rules={requiredTextRules(t('deposits.referenceRequired'), 128, t('deposits.referenceTooLong'))}
        >
          <Input maxLength={128} placeholder={t('deposits.referencePlaceholder')} />
        </Form.Item>
      )}
      <ReasonField />
    </FormModal>
  );
}
