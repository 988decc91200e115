import { useState } from 'react';
import { Alert, Button, Descriptions, Drawer, Form, Input, Space, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminWithdrawal } from '@koi/contract';
import { useTranslation } from 'react-i18next';
import { ApproveButton } from '../../components/ApproveButton';
import { FormModal } from '../../components/FormModal';
import { useReasonPrompt } from '../../components/ReasonPrompt';
import { Money, QueryError, fmtTime } from '../../components/ui';
import { useCan, useMe } from '../../lib/permissions';
import { withdrawalsApi } from '../../lib/withdrawalsApi';
import { outcomeUnknown, WithdrawalStateTag, TxHash } from './parts';
import { RiskPanel } from './RiskPanel';
import { SettlementPanel, needsPerson } from './SettlementPanel';

/**
 * The review drawer of one withdrawal: its state, address and payout, the risk panel, and the approve and
 * reject actions (two different operators above the configured amount).
 */
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
          {needsPerson(w) ? (
            <SettlementPanel
              w={w}
              onChanged={(next) => queryClient.setQueryData(['admin', 'withdrawal', id], next)}
            />
          ) : (
            <DecisionBanner w={w} ownFirstApproval={ownFirstApproval} />
          )}
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
            {w.settled_by !== null && (
              <Descriptions.Item label={t('withdrawals.settle.settledBy')} span={3}>
                {w.settled_by_name ?? t('withdrawals.operator', { id: w.settled_by })}
              </Descriptions.Item>
            )}
            {(w.payout_attempts > 0 || w.last_payout_error) && (
              <Descriptions.Item label={t('withdrawals.payoutAttempts')} span={3}>
                {w.payout_attempts}
                {w.last_payout_error ? ` · ${w.last_payout_error}` : ''}
              </Descriptions.Item>
            )}
          </Descriptions>
          <RiskPanel w={w} />
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
