import { useState } from 'react';
import {
  Button,
  Descriptions,
  Drawer,
  Form,
  Input,
  Modal,
  Result,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdjustmentRow, AdminPlayerDetail } from '@koi/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { moneyColumn, orDash } from '../components/columns';
import { QueryTable } from '../components/QueryTable';
import { ReasonField, useReasonPrompt } from '../components/ReasonPrompt';
import { ShownOnceModal } from '../components/ShownOnceModal';
import { ignoreInvalid, Money, QueryError, fmtTime } from '../components/ui';
import { adminApi } from '../lib/api';
import { useCan } from '../lib/permissions';
import { AdjustmentStatusTag } from './Adjustments';
import { PlayerStatusTag } from '../components/PlayerStatusTag';
import { useSendOnce } from '../components/QuickSave';

/** Signed USDT with at most 6 decimals, as the ledger accepts; zero is not an adjustment. */
const AMOUNT = /^-?(0|[1-9]\d{0,11})(\.\d{1,6})?$/;

export function PlayerDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const can = useCan();
  const queryClient = useQueryClient();
  const [ask, reasonHolder] = useReasonPrompt();
  const [oneTimePassword, setOneTimePassword] = useState<string | null>(null);
  const [signInLink, setSignInLink] = useState<{ url: string; expiresAt: string } | null>(null);
  const [adjustOpen, setAdjustOpen] = useState(false);
  const detail = useQuery({ queryKey: ['admin', 'player', id], queryFn: () => adminApi.player(id) });
  const adjustments = useQuery({
    queryKey: ['admin', 'adjustments', { player_id: id }],
    queryFn: () => adminApi.adjustments({ player_id: id, size: 20 }),
    enabled: can('GET /api/admin/adjustments'),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin'] });
  const d = detail.data;
  const frozen = d?.flags.frozen ?? false;

  const freeze = () =>
    ask({
      title: frozen ? t('players.unfreeze') : t('players.freeze'),
      description: frozen ? t('players.unfreezeHint') : t('players.freezeHint'),
      danger: !frozen,
      run: (reason) => adminApi.freeze(id, !frozen, reason),
    });
  const resetPassword = () =>
    ask({
      title: t('players.resetPassword'),
      description: t('players.resetPasswordHint'),
      danger: true,
      run: async (reason) => {
        const result = await adminApi.resetPlayerPassword(id, reason);
        setOneTimePassword(result.password);
      },
    });

  const makeSignInLink = () =>
    ask({
      title: t('players.signInLink'),
      description: t('players.signInLinkHint'),
      run: async (reason) => {
        const result = await adminApi.signInLink(id, reason);
        // The console and the player app are served from one origin, so the link opens the player app.
        setSignInLink({ url: `${window.location.origin}${result.path}`, expiresAt: result.expires_at });
      },
    });

  return (
    <Drawer
      open
      width={960}
      onClose={onClose}
      title={d ? `${d.player.username} (#${d.player.id})` : t('players.detail')}
      extra={
        d && (
          <Space>
            <Button
              danger={!frozen}
              onClick={freeze}
              disabled={
                !can(frozen ? 'POST /api/admin/players/:id/unfreeze' : 'POST /api/admin/players/:id/freeze')
              }
            >
              {frozen ? t('players.unfreeze') : t('players.freeze')}
            </Button>
            <Button
              onClick={makeSignInLink}
              disabled={frozen || !can('POST /api/admin/players/:id/sign-in-link')}
            >
              {t('players.signInLink')}
            </Button>
            <Button onClick={resetPassword} disabled={!can('POST /api/admin/players/:id/reset-password')}>
              {t('players.resetPassword')}
            </Button>
            <Button
              type="primary"
              onClick={() => setAdjustOpen(true)}
              disabled={!can('POST /api/admin/players/:id/adjust')}
            >
              {t('players.adjust')}
            </Button>
          </Space>
        )
      }
    >
      <QueryError error={detail.error} />
      {d && (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Descriptions bordered size="small" column={3}>
            <Descriptions.Item label={t('players.status')}>
              <PlayerStatusTag status={d.player.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('players.available')}>
              <Money value={d.balance.available} /> USDT
            </Descriptions.Item>
            <Descriptions.Item label={t('players.posted')}>
              <Money value={d.balance.posted} />
            </Descriptions.Item>
            <Descriptions.Item label={t('players.held')}>
              <Money value={d.balance.held} />
            </Descriptions.Item>
            <Descriptions.Item label={t('players.inviteCode')}>{d.player.invite_code}</Descriptions.Item>
            <Descriptions.Item label={t('players.inviter')}>
              {d.inviter ? `${d.inviter.username} (#${d.inviter.id})` : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('players.registeredAt')}>
              {fmtTime(d.player.created_at)}
            </Descriptions.Item>
            <Descriptions.Item label={t('players.registerIp')}>
              {d.player.register_ip ?? '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('players.registerDevice')}>
              {d.register_device ?? '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('players.lockedUntil')}>
              {fmtTime(d.flags.locked_until)}
            </Descriptions.Item>
            <Descriptions.Item label={t('players.selfExcluded')}>
              {fmtTime(d.self_excluded_until)}
            </Descriptions.Item>
            <Descriptions.Item label={t('players.activeSessions')}>{d.active_sessions}</Descriptions.Item>
            <Descriptions.Item label={t('players.withdrawPassword')}>
              {d.flags.withdraw_password_set ? t('common.yes') : t('common.no')}
            </Descriptions.Item>
            <Descriptions.Item label={t('players.ageConfirmed')}>
              {fmtTime(d.flags.age_confirmed_at)}
            </Descriptions.Item>
            <Descriptions.Item label="VIP">{d.player.vip_level}</Descriptions.Item>
          </Descriptions>
          <Tabs
            items={[
              {
                key: 'ledger',
                label: t('players.ledgerTab'),
                children: (
                  <>
                    {can('GET /api/admin/ledger/transfers') && (
                      <Link to={`/ledger?player=${id}`}>{t('players.allTransfers')}</Link>
                    )}
                    <Table<AdminPlayerDetail['ledger'][number]>
                      rowKey="transfer_id"
                      size="small"
                      pagination={{ pageSize: 10 }}
                      dataSource={d.ledger}
                      columns={[
                        { title: t('ledger.time'), dataIndex: 'created_at', render: fmtTime },
                        { title: t('ledger.code'), dataIndex: 'code_name' },
                        moneyColumn(t('ledger.amount'), 'amount', { signed: true }),
                        moneyColumn(t('ledger.balanceAfter'), 'balance_after'),
                        {
                          title: t('ledger.reference'),
                          render: (_, r) => `${r.reference_type}:${r.reference_id}`,
                        },
                      ]}
                    />
                  </>
                ),
              },
              {
                key: 'logins',
                label: t('players.loginsTab'),
                children: (
                  <Table
                    rowKey={(r) => `${r.at}-${r.ip}-${r.reason}`}
                    size="small"
                    pagination={{ pageSize: 10 }}
                    dataSource={d.logins}
                    columns={[
                      { title: t('ledger.time'), dataIndex: 'at', render: fmtTime },
                      {
                        title: t('players.loginResult'),
                        dataIndex: 'success',
                        render: (ok: boolean, r) =>
                          ok ? (
                            <Tag color="green">{t('common.ok')}</Tag>
                          ) : (
                            <Tag color="red">{r.reason || t('common.failed')}</Tag>
                          ),
                      },
                      { title: 'IP', dataIndex: 'ip' },
                      { title: t('players.device'), dataIndex: 'device', ellipsis: true },
                    ]}
                  />
                ),
              },
              {
                key: 'invitees',
                label: `${t('players.inviteesTab')} (${d.invitees.total})`,
                children: (
                  <Table
                    rowKey="id"
                    size="small"
                    pagination={{ pageSize: 10 }}
                    dataSource={d.invitees.data}
                    columns={[
                      { title: 'ID', dataIndex: 'id' },
                      { title: t('players.username'), dataIndex: 'username' },
                      { title: t('players.registeredAt'), dataIndex: 'created_at', render: fmtTime },
                    ]}
                  />
                ),
              },
              ...(can('GET /api/admin/adjustments')
                ? [
                    {
                      key: 'adjustments',
                      label: t('menu.adjustments'),
                      children: (
                        <QueryTable<AdjustmentRow>
                          query={adjustments}
                          columns={[
                            { title: 'ID', dataIndex: 'id' },
                            {
                              title: t('ledger.amount'),
                              dataIndex: 'amount',
                              render: (v: string) => <Money value={v} signed />,
                            },
                            {
                              title: t('adjust.state'),
                              dataIndex: 'status',
                              render: (s: AdjustmentRow['status']) => <AdjustmentStatusTag status={s} />,
                            },
                            { title: t('common.reason'), dataIndex: 'reason' },
                            { title: t('adjust.requestedBy'), dataIndex: 'requested_by' },
                            { title: t('adjust.decidedBy'), dataIndex: 'decided_by', render: orDash },
                          ]}
                        />
                      ),
                    },
                  ]
                : []),
            ]}
          />
        </Space>
      )}
      {reasonHolder}
      {oneTimePassword !== null && (
        <ShownOnceModal title={t('players.newPassword')} onClose={() => setOneTimePassword(null)}>
          <Typography.Paragraph copyable code style={{ fontSize: 18 }} data-testid="one-time-password">
            {oneTimePassword}
          </Typography.Paragraph>
        </ShownOnceModal>
      )}
      {signInLink !== null && (
        <ShownOnceModal title={t('players.signInLink')} onClose={() => setSignInLink(null)}>
          <Typography.Paragraph copyable code data-testid="sign-in-link">
            {signInLink.url}
          </Typography.Paragraph>
          <Typography.Text type="secondary">
            {t('players.signInLinkExpires', { time: fmtTime(signInLink.expiresAt) })}
          </Typography.Text>
        </ShownOnceModal>
      )}
      {adjustOpen && <AdjustModal playerId={id} onClose={() => setAdjustOpen(false)} onDone={refresh} />}
    </Drawer>
  );
}

/**
 * A manual ledger adjustment. The request id is made once per dialog, so pressing the button again after a
 * lost answer repeats the same request instead of moving the money twice (the server is idempotent on it).
 * Above the server's threshold the adjustment waits for a second operator; the result says which.
 */
function AdjustModal({
  playerId,
  onClose,
  onDone,
}: {
  playerId: number;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ amount: string; reason: string }>();
  const [requestId] = useState(() => crypto.randomUUID());
  const adjust = useSendOnce({
    mutationFn: (v: { amount: string; reason: string }) =>
      adminApi.adjust(playerId, { amount: v.amount.trim(), reason: v.reason.trim(), request_id: requestId }),
    onSuccess: onDone,
  });
  const result = adjust.data;
  return (
    <Modal
      open
      title={t('players.adjust')}
      onCancel={onClose}
      onOk={result ? onClose : () => form.validateFields().then((v) => adjust.mutate(v), ignoreInvalid)}
      okText={result ? t('common.done') : t('common.confirm')}
      okButtonProps={{ loading: adjust.isPending }}
      cancelButtonProps={result ? { style: { display: 'none' } } : undefined}
    >
      {result ? (
        <Result
          status={result.status === 'applied' ? 'success' : 'info'}
          title={result.status === 'applied' ? t('adjust.applied') : t('adjust.pendingTitle')}
          subTitle={
            <Space direction="vertical">
              <span>
                <Money value={result.amount} signed /> USDT · #{result.id}
              </span>
              {result.needs_approval && result.status === 'pending' && <span>{t('adjust.pendingHint')}</span>}
              <AdjustmentStatusTag status={result.status} />
            </Space>
          }
        />
      ) : (
        <Form form={form} layout="vertical" name="adjust">
          <QueryError error={adjust.error} />
          <Form.Item
            name="amount"
            label={t('adjust.amount')}
            extra={t('adjust.amountHint')}
            rules={[
              { required: true, message: t('common.required') },
              {
                validator: (_, v: string | undefined) =>
                  !v || (AMOUNT.test(v.trim()) && !/^-?0(\.0+)?$/.test(v.trim()))
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('adjust.amountFormat'))),
              },
            ]}
          >
            <Input addonAfter="USDT" placeholder="10.5 / -3" />
          </Form.Item>
          <ReasonField />
        </Form>
      )}
    </Modal>
  );
}
