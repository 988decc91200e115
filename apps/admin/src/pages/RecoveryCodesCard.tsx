import { useState } from 'react';
import { Alert, Button, Card, Modal, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CurrentPasswordField } from '../components/Credentials';
import { FormModal } from '../components/FormModal';
import { RecoveryCodes } from '../components/RecoveryCodes';
import { QueryError, fmtTime } from '../components/ui';
import { adminApi } from '../lib/api';
import { useMe } from '../lib/permissions';

/** Below this many unused codes the card asks the operator to make a new set before they run out. */
const FEW_LEFT = 3;

/**
 * The operator's own recovery codes: how many are left, and a new set on request (the current password is
 * asked again; the new codes are shown once, the old ones stop working).
 */
export function RecoveryCodesCard() {
  const { t } = useTranslation();
  const me = useMe().data;
  const status = useQuery({ queryKey: ['admin', 'recovery-codes'], queryFn: adminApi.recoveryCodes });
  const [asking, setAsking] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const left = status.data?.left;
  return (
    <Card title={t('recovery.title')} size="small" style={{ marginBottom: 16 }} data-testid="recovery-card">
      <QueryError error={status.error} />
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text>
          {left === undefined
            ? '…'
            : status.data?.created_at
              ? t('recovery.left', { left, at: fmtTime(status.data.created_at) })
              : t('recovery.none')}
        </Typography.Text>
        {left !== undefined && left <= FEW_LEFT && (
          <Alert type="warning" showIcon message={t('recovery.fewLeft')} />
        )}
        <Button onClick={() => setAsking(true)}>{t('recovery.regenerate')}</Button>
      </Space>
      {asking && (
        <FormModal<{ password: string }>
          name="recovery"
          title={t('recovery.regenerate')}
          description={t('recovery.regenerateHint')}
          submit={async (v) => setCodes((await adminApi.newRecoveryCodes(v.password)).recovery_codes)}
          onClose={() => setAsking(false)}
        >
          <CurrentPasswordField name="password" required={t('login.passwordRequired')} />
        </FormModal>
      )}
      <Modal
        open={codes !== null}
        title={t('recovery.title')}
        onCancel={() => setCodes(null)}
        footer={
          <Button type="primary" onClick={() => setCodes(null)}>
            {t('recovery.saved')}
          </Button>
        }
        width={560}
      >
        {codes && <RecoveryCodes codes={codes} username={me?.username ?? ''} />}
      </Modal>
    </Card>
  );
}
