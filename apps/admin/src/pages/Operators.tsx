import { useState } from 'react';
import {
  Alert,
  Button,
  Descriptions,
  Form,
  Input,
  Modal,
  QRCode,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  OPERATOR_ROLES,
  OPERATOR_USERNAME_PATTERN,
  ROLE_PERMISSIONS,
  type AdminOperator,
  type OperatorRole,
  type Permissions,
} from '@koi/contract';
import type { FormInstance } from 'antd';
import { PermissionGrid, overridesFor } from '../components/PermissionGrid';
import { useTranslation } from 'react-i18next';
import { useReasonPrompt } from '../components/ReasonPrompt';
import { ignoreInvalid, QueryError, fmtTime, pagination } from '../components/ui';
import { adminApi, type OperatorCredentials } from '../lib/api';
import { useCan, useMe } from '../lib/permissions';

/**
 * Operators (admin only). Creating or resetting one shows its one-time password and TOTP secret exactly once,
 * the secret also as a QR code for the authenticator app; the server keeps no readable copy.
 */
export function OperatorsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const me = useMe().data;
  const queryClient = useQueryClient();
  const [ask, holder] = useReasonPrompt();
  const [page, setPage] = useState({ page: 1, size: 20 });
  const [creating, setCreating] = useState(false);
  const [credentials, setCredentials] = useState<OperatorCredentials | null>(null);
  const [roleFor, setRoleFor] = useState<AdminOperator | null>(null);
  const list = useQuery({
    queryKey: ['admin', 'operators', page],
    queryFn: () => adminApi.operators(page),
    placeholderData: keepPreviousData,
  });
  const mayWrite = can('POST /api/admin/operators');
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin'] });

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Space style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('menu.operators')}
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} disabled={!mayWrite} onClick={() => setCreating(true)}>
          {t('operators.create')}
        </Button>
      </Space>
      <QueryError error={list.error} />
      <Table<AdminOperator>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.data}
        pagination={pagination(page.page, page.size, list.data?.total, (p, s) =>
          setPage({ page: p, size: s }),
        )}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 60 },
          { title: t('login.username'), dataIndex: 'username' },
          {
            title: t('operators.role'),
            dataIndex: 'role',
            render: (r: OperatorRole) => <Tag color="volcano">{t(`role.${r}`)}</Tag>,
          },
          {
            title: t('players.status'),
            render: (_, r) => (
              <Space size={4}>
                {r.status === 1 ? (
                  <Tag color="green">{t('operators.active')}</Tag>
                ) : (
                  <Tag>{t('operators.disabled')}</Tag>
                )}
                {r.must_change_password && <Tag color="gold">{t('operators.passwordDue')}</Tag>}
                {r.locked_until && new Date(r.locked_until) > new Date() && (
                  <Tag color="red">{t('operators.locked')}</Tag>
                )}
              </Space>
            ),
          },
          { title: t('players.lastLogin'), dataIndex: 'last_login_at', render: fmtTime },
          {
            title: t('operators.createdBy'),
            render: (_, r) => `${r.created_by ?? 'CLI'} · ${fmtTime(r.created_at)}`,
          },
          {
            title: t('common.actions'),
            render: (_, r) => {
              const self = r.id === me?.id;
              return (
                <Space>
                  <Button size="small" disabled={!mayWrite || self} onClick={() => setRoleFor(r)}>
                    {t('operators.changeRole')}
                  </Button>
                  <Button
                    size="small"
                    danger={r.status === 1}
                    disabled={!mayWrite || self}
                    onClick={() =>
                      ask({
                        title: `${r.status === 1 ? t('operators.disable') : t('operators.enable')} ${r.username}`,
                        description: r.status === 1 ? t('operators.disableHint') : undefined,
                        danger: r.status === 1,
                        run: async (reason) => {
                          await adminApi.operatorStatus(r.id, r.status !== 1, reason);
                          await refresh();
                        },
                      })
                    }
                  >
                    {r.status === 1 ? t('operators.disable') : t('operators.enable')}
                  </Button>
                  <Button
                    size="small"
                    disabled={!mayWrite || self}
                    onClick={() =>
                      ask({
                        title: `${t('operators.reset')} ${r.username}`,
                        description: t('operators.resetHint'),
                        danger: true,
                        run: async (reason) => {
                          setCredentials(await adminApi.resetOperator(r.id, reason));
                          await refresh();
                        },
                      })
                    }
                  >
                    {t('operators.reset')}
                  </Button>
                </Space>
              );
            },
          },
        ]}
      />
      {holder}
      {creating && (
        <CreateOperator
          onClose={() => setCreating(false)}
          onCreated={(c) => {
            setCreating(false);
            setCredentials(c);
            void refresh();
          }}
        />
      )}
      {roleFor && <RoleChange operator={roleFor} onClose={() => setRoleFor(null)} onSaved={refresh} />}
      {credentials && <CredentialsModal credentials={credentials} onClose={() => setCredentials(null)} />}
    </Space>
  );
}

type RoleValues = { role: OperatorRole; permissions?: Permissions; reason: string };

/**
 * Role and, for a non-admin role, the per-area levels starting from the role's own. Choosing another role
 * starts again from that role's levels; only the areas that then differ are sent as overrides.
 */
function RoleFields() {
  const { t } = useTranslation();
  const held = useMe().data?.permissions;
  const role = Form.useWatch<OperatorRole | undefined>('role');
  return (
    <>
      <Form.Item name="role" label={t('operators.role')} rules={[{ required: true }]}>
        <Select options={OPERATOR_ROLES.map((r) => ({ value: r, label: t(`role.${r}`) }))} />
      </Form.Item>
      <Form.Item
        name="permissions"
        label={t('operators.permissions')}
        extra={role === 'admin' ? t('operators.adminAll') : undefined}
      >
        <PermissionGrid held={held} disabled={role === 'admin'} />
      </Form.Item>
    </>
  );
}

/** When the role changes, the grid restarts from the new role's levels. */
const resetPermissionsOnRole = (form: FormInstance<RoleValues>) => (changed: Partial<RoleValues>) => {
  if (changed.role) form.setFieldValue('permissions', ROLE_PERMISSIONS[changed.role]);
};

function ReasonField() {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="reason"
      label={t('common.reason')}
      rules={[{ required: true, whitespace: true, message: t('common.reasonRequired') }]}
    >
      <Input.TextArea rows={2} maxLength={256} />
    </Form.Item>
  );
}

function CreateOperator({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (c: OperatorCredentials) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RoleValues & { username: string }>();
  const create = useMutation({
    mutationFn: (v: RoleValues & { username: string }) =>
      adminApi.createOperator({
        username: v.username.trim(),
        role: v.role,
        permissions: overridesFor(v.role, v.permissions),
        reason: v.reason.trim(),
      }),
    onSuccess: onCreated,
  });
  return (
    <Modal
      open
      width={620}
      title={t('operators.create')}
      onCancel={onClose}
      onOk={() => form.validateFields().then((v) => create.mutate(v), ignoreInvalid)}
      okButtonProps={{ loading: create.isPending }}
    >
      <QueryError error={create.error} />
      <Form
        form={form}
        layout="vertical"
        name="create-operator"
        initialValues={{ role: 'viewer', permissions: ROLE_PERMISSIONS.viewer }}
        onValuesChange={resetPermissionsOnRole(form as unknown as FormInstance<RoleValues>)}
      >
        <Form.Item
          name="username"
          label={t('login.username')}
          rules={[
            { required: true, message: t('common.required') },
            { pattern: OPERATOR_USERNAME_PATTERN, message: t('operators.usernameRule') },
          ]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <RoleFields />
        <ReasonField />
      </Form>
    </Modal>
  );
}

function RoleChange({
  operator,
  onClose,
  onSaved,
}: {
  operator: AdminOperator;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RoleValues>();
  const save = useMutation({
    mutationFn: (v: RoleValues) =>
      adminApi.operatorRole(operator.id, {
        role: v.role,
        permissions: overridesFor(v.role, v.permissions),
        reason: v.reason.trim(),
      }),
    onSuccess: () => {
      onSaved();
      onClose();
    },
  });
  return (
    <Modal
      open
      width={620}
      title={`${t('operators.changeRole')} ${operator.username}`}
      onCancel={onClose}
      onOk={() => form.validateFields().then((v) => save.mutate(v), ignoreInvalid)}
      okButtonProps={{ loading: save.isPending }}
    >
      <QueryError error={save.error} />
      <Form
        form={form}
        layout="vertical"
        name="role-change"
        initialValues={{ role: operator.role, permissions: operator.permissions }}
        onValuesChange={resetPermissionsOnRole(form)}
      >
        <RoleFields />
        <ReasonField />
      </Form>
    </Modal>
  );
}

function CredentialsModal({
  credentials,
  onClose,
}: {
  credentials: OperatorCredentials;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      width={560}
      title={`${t('operators.credentials')} ${credentials.username}`}
      onOk={onClose}
      onCancel={onClose}
      okText={t('common.done')}
      cancelButtonProps={{ style: { display: 'none' } }}
      maskClosable={false}
    >
      <Alert type="warning" showIcon message={t('common.shownOnce')} style={{ marginBottom: 16 }} />
      <Space align="start" size="large">
        <QRCode value={credentials.otpauth_uri} size={180} data-testid="totp-qr" />
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t('login.username')}>{credentials.username}</Descriptions.Item>
          <Descriptions.Item label={t('operators.oneTimePassword')}>
            <Typography.Text copyable code data-testid="operator-password">
              {credentials.password}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('operators.totpSecret')}>
            <Typography.Text copyable code data-testid="operator-totp-secret">
              {credentials.totp_secret}
            </Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      </Space>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        {t('operators.qrHint')}
      </Typography.Paragraph>
    </Modal>
  );
}
