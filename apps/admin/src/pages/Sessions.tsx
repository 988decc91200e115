import { App, Button, Space, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { idColumn, orDash } from '../components/columns';
import { Page } from '../components/Page';
import { QueryTable } from '../components/QueryTable';
import { QueryError, fmtTime } from '../components/ui';
import { adminApi, type AdminSession } from '../lib/api';
import { setToken } from '../lib/session';
import { RecoveryCodesCard } from './RecoveryCodesCard';
import { useSendOnce } from '../components/QuickSave';

/**
 * The operator's own sign-ins (IP, device, times) and a way to end any of them, this one included; above them,
 * the operator's recovery codes.
 */
export function SessionsPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const sessions = useQuery({ queryKey: ['admin', 'sessions'], queryFn: adminApi.sessions });
  const revoke = useSendOnce({
    mutationFn: (s: AdminSession) => adminApi.revokeSession(s.id),
    onSuccess: async (_r, s) => {
      if (s.current) {
        setToken(null);
        queryClient.clear();
        navigate('/login', { replace: true });
      } else await queryClient.invalidateQueries({ queryKey: ['admin', 'sessions'] });
    },
  });
  return (
    <Page title={t('menu.sessions')}>
      <RecoveryCodesCard />
      <QueryError error={revoke.error} />
      <QueryTable<AdminSession>
        query={sessions}
        size="large"
        columns={[
          idColumn(60),
          {
            title: t('players.status'),
            render: (_, s) => (
              <Space size={4}>
                {s.active ? (
                  <Tag color="green">{t('sessions.active')}</Tag>
                ) : (
                  <Tag>{t('sessions.ended')}</Tag>
                )}
                {s.current && <Tag color="blue">{t('sessions.current')}</Tag>}
              </Space>
            ),
          },
          { title: 'IP', dataIndex: 'ip', render: orDash },
          { title: t('players.device'), dataIndex: 'device', ellipsis: true, render: orDash },
          { title: t('sessions.signedIn'), dataIndex: 'created_at', render: fmtTime },
          { title: t('sessions.lastSeen'), dataIndex: 'last_seen_at', render: fmtTime },
          { title: t('sessions.expires'), dataIndex: 'expires_at', render: fmtTime },
          { title: t('sessions.revoked'), dataIndex: 'revoked_at', render: fmtTime },
          {
            title: t('common.actions'),
            render: (_, s) =>
              s.active && (
                <Button
                  size="small"
                  danger
                  onClick={() =>
                    modal.confirm({
                      title: s.current ? t('sessions.endCurrent') : t('sessions.end'),
                      onOk: () => revoke.mutateAsync(s),
                    })
                  }
                >
                  {t('sessions.end')}
                </Button>
              ),
          },
        ]}
      />
    </Page>
  );
}
