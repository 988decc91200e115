import { useState } from 'react';
import { Alert, Button, Input, Modal, Switch, Table, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryError, fmtTime } from '../../components/ui';
import { useCan } from '../../lib/permissions';
import { withdrawalsApi, type PayoutMethod } from '../../lib/withdrawalsApi';

/**
 * Payout methods (decision 35): TRC20 is paid through the rail and always offered; the phone-number wallet
 * and the other wallet are offered to players only while enabled here, under the name set here, and are paid
 * by hand (one operator records the reference, a second confirms). The server validates and audits changes.
 */
export function PayoutMethodsButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="payout-methods">
        {t('withdrawals.methods.title')}
      </Button>
      {open && <PayoutMethodsModal onClose={() => setOpen(false)} />}
    </>
  );
}

function PayoutMethodsModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const can = useCan();
  const queryClient = useQueryClient();
  const methods = useQuery({ queryKey: ['admin', 'payout-methods'], queryFn: withdrawalsApi.methods });
  const [drafts, setDrafts] = useState<Record<string, { enabled: boolean; name: string }>>({});
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState<string | null>(null);
  const mayWrite = can('POST /api/admin/withdrawals/payout-methods/:type');
  const draftOf = (m: PayoutMethod) => drafts[m.type] ?? { enabled: m.enabled, name: m.name };
  const save = async (m: PayoutMethod) => {
    setSaving(m.type);
    setError(null);
    try {
      await withdrawalsApi.setMethod(m.type, draftOf(m));
      setDrafts(({ [m.type]: _, ...rest }) => rest);
      await queryClient.invalidateQueries({ queryKey: ['admin', 'payout-methods'] });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setSaving(null);
    }
  };

  return (
    <Modal open width={760} title={t('withdrawals.methods.title')} onCancel={onClose} footer={null}>
      <Alert type="info" showIcon message={t('withdrawals.methods.hint')} style={{ marginBottom: 12 }} />
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} />}
      <QueryError error={methods.error} />
      <Table<PayoutMethod>
        rowKey="type"
        size="small"
        pagination={false}
        loading={methods.isPending}
        dataSource={methods.data ?? []}
        columns={[
          { title: t('withdrawals.methods.type'), dataIndex: 'type', width: 70 },
          {
            title: t('withdrawals.methods.name'),
            render: (_, m) =>
              m.manual ? (
                <Input
                  value={draftOf(m).name}
                  maxLength={32}
                  disabled={!mayWrite}
                  aria-label={t('withdrawals.methods.name')}
                  onChange={(e) =>
                    setDrafts((d) => ({ ...d, [m.type]: { ...draftOf(m), name: e.target.value } }))
                  }
                />
              ) : (
                m.name
              ),
          },
          {
            title: t('withdrawals.methods.payout'),
            width: 120,
            render: (_, m) =>
              m.manual ? (
                <Tag color="cyan">{t('withdrawals.methods.manual')}</Tag>
              ) : (
                <Tag>{t('withdrawals.methods.rail')}</Tag>
              ),
          },
          {
            title: t('withdrawals.methods.enabled'),
            width: 90,
            render: (_, m) => (
              <Switch
                checked={draftOf(m).enabled}
                disabled={!m.manual || !mayWrite}
                onChange={(enabled) => setDrafts((d) => ({ ...d, [m.type]: { ...draftOf(m), enabled } }))}
              />
            ),
          },
          {
            title: t('withdrawals.methods.updatedAt'),
            width: 160,
            render: (_, m) => (m.updated_at ? fmtTime(m.updated_at) : '—'),
          },
          {
            title: t('common.actions'),
            width: 90,
            render: (_, m) =>
              m.manual && (
                <Button
                  size="small"
                  type="primary"
                  disabled={!mayWrite || !drafts[m.type]}
                  loading={saving === m.type}
                  onClick={() => void save(m)}
                >
                  {t('common.save')}
                </Button>
              ),
          },
        ]}
      />
    </Modal>
  );
}
