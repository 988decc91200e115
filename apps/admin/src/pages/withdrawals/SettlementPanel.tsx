import { useState } from 'react';
import { Alert, Button, Descriptions, Form, Input, Space, Typography } from 'antd';
import type { AdminWithdrawal } from '@koi/contract';
import { useTranslation } from 'react-i18next';
import { ApproveButton } from '../../components/ApproveButton';
import { FormModal } from '../../components/FormModal';
import { fmtTime } from '../../components/ui';
import { useCan, useMe } from '../../lib/permissions';
import { withdrawalsApi } from '../../lib/withdrawalsApi';

/** Whether a person must settle this withdrawal: an unclear payout alerted, or a manual payout. */
export const needsPerson = (w: AdminWithdrawal) =>
  w.state === 'paying' && (w.alerted_at !== null || w.manual_payout);

/**
 * Settling a paying withdrawal by hand, with two operators. The first proposes: "paid" with the chain
 * transaction (a rail payout, after finding it on the chain) or the external payment reference (a manual
 * payout, after paying), or "not paid" with what was checked. A second, different operator confirms, which
 * posts the held money or gives it back to the player; anyone may withdraw an open proposal.
 */
export function SettlementPanel({
  w,
  onChanged,
}: {
  w: AdminWithdrawal;
  onChanged: (w: AdminWithdrawal) => void;
}) {
  const { t } = useTranslation();
  const can = useCan();
  const me = useMe().data;
  const [proposing, setProposing] = useState<'paid' | 'failed' | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!needsPerson(w)) return null;
  const p = w.settlement;
  const own = Boolean(p && me && p.proposed_by === me.id);
  const mayWrite = can('POST /api/admin/withdrawals/:id/settle/propose');
  const run = async (call: () => Promise<AdminWithdrawal>) => {
    setBusy(true);
    setError(null);
    try {
      onChanged(await call());
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="settlement-panel">
      <Alert
        type={w.manual_payout ? 'info' : 'error'}
        showIcon
        message={w.manual_payout ? t('withdrawals.settle.manualTitle') : t('withdrawals.settle.alertTitle')}
        description={
          w.manual_payout
            ? t('withdrawals.settle.manualHint')
            : t('withdrawals.settle.alertHint', {
                since: w.paying_since ? fmtTime(w.paying_since) : '—',
                error: w.last_payout_error ?? '—',
              })
        }
      />
      {error && <Alert type="error" showIcon message={error} />}
      {p ? (
        <>
          <Descriptions bordered size="small" column={2} title={t('withdrawals.settle.proposalTitle')}>
            <Descriptions.Item label={t('withdrawals.settle.outcome')}>
              <Typography.Text strong type={p.outcome === 'paid' ? 'success' : 'danger'}>
                {t(`withdrawals.settle.${p.outcome}`)}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('withdrawals.settle.proposedBy')}>
              {p.proposed_by_name ?? t('withdrawals.operator', { id: p.proposed_by })} ·{' '}
              {fmtTime(p.proposed_at)}
            </Descriptions.Item>
            <Descriptions.Item label={t('withdrawals.settle.reference')} span={2}>
              {p.reference ? (
                <Typography.Text copyable code>
                  {p.reference}
                </Typography.Text>
              ) : (
                '—'
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('withdrawals.settle.note')} span={2}>
              {p.note ?? '—'}
            </Descriptions.Item>
          </Descriptions>
          <Space>
            <ApproveButton
              own={own}
              ownHint={t('withdrawals.settle.ownProposal')}
              disabled={!can('POST /api/admin/withdrawals/:id/settle/confirm')}
              loading={busy}
              data-testid="settle-confirm"
              onClick={() => run(() => withdrawalsApi.settleConfirm(w.id))}
            >
              {t('withdrawals.settle.confirm')}
            </ApproveButton>
            <Button
              disabled={!can('POST /api/admin/withdrawals/:id/settle/cancel')}
              loading={busy}
              onClick={() => run(() => withdrawalsApi.settleCancel(w.id))}
            >
              {t('withdrawals.settle.cancel')}
            </Button>
          </Space>
        </>
      ) : (
        <Space>
          <Button type="primary" disabled={!mayWrite} onClick={() => setProposing('paid')}>
            {w.manual_payout ? t('withdrawals.settle.recordPaid') : t('withdrawals.settle.proposePaid')}
          </Button>
          <Button danger disabled={!mayWrite} onClick={() => setProposing('failed')}>
            {t('withdrawals.settle.proposeFailed')}
          </Button>
        </Space>
      )}
      {proposing && (
        <FormModal<{ reference?: string; note?: string }>
          name="settle-propose"
          title={
            proposing === 'failed'
              ? t('withdrawals.settle.proposeFailed')
              : w.manual_payout
                ? t('withdrawals.settle.recordPaid')
                : t('withdrawals.settle.proposePaid')
          }
          description={<p>{t(`withdrawals.settle.${proposing}Hint`)}</p>}
          danger={proposing === 'failed'}
          submit={async ({ reference, note }) =>
            onChanged(
              await withdrawalsApi.settlePropose(w.id, {
                outcome: proposing,
                reference: reference?.trim() ?? '',
                note: note?.trim() ?? '',
              }),
            )
          }
          onClose={() => setProposing(null)}
        >
          {proposing === 'paid' && (
            <Form.Item
              name="reference"
              label={
                w.manual_payout ? t('withdrawals.settle.externalReference') : t('withdrawals.settle.txHash')
              }
              rules={[{ required: true, message: t('withdrawals.settle.referenceRequired') }]}
            >
              <Input maxLength={160} style={{ fontFamily: 'monospace' }} />
            </Form.Item>
          )}
          <Form.Item
            name="note"
            label={t('withdrawals.settle.note')}
            rules={
              proposing === 'failed'
                ? [{ required: true, message: t('withdrawals.settle.noteRequired') }]
                : []
            }
          >
            <Input.TextArea rows={2} maxLength={256} />
          </Form.Item>
        </FormModal>
      )}
    </Space>
  );
}
