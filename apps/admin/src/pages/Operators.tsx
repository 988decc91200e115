import { useState } from 'react';
import { Button, Descriptions, Form, Input, Select, Space, Tag, Typography } from 'antd';
import {
  OPERATOR_ROLES,
  OPERATOR_USERNAME_PATTERN,
  ROLE_PERMISSIONS,
  type AdminOperator,
  type OperatorRole,
  type Permissions,
} from '@koi/contract';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { idColumn } from '../components/columns';
import { FormModal } from '../components/FormModal';
import { AddButton, Page } from '../components/Page';
import { PermissionGrid, overridesFor } from '../components/PermissionGrid';
import { QueryTable, useListQuery } from '../components/QueryTable';
import { ReasonField, useReasonPrompt } from '../components/ReasonPrompt';
import { usePaging } from '../components/SearchForm';
import { ShownOnceModal } from '../components/ShownOnceModal';
import { fmtTime, labelledChoices } from '../components/ui';
import { adminApi, type OperatorEnrolment } from '../lib/api';
import { useCan, useMe } from '../lib/permissions';

/**
 * Operators (admin only). Creating or resetting one shows a one-time enrolment link, once: the admin passes it
 * to the operator, who opens it, chooses their own password and adds the TOTP secret to their authenticator.
 * The admin never sees either (separation of duties).
 */
export function OperatorsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const me = useMe().data;
  const [ask, holder] = useReasonPrompt();
  const paging = usePaging();
  const [creating, setCreating] = useState(false);
  const [credentials, setCredentials] = useState<OperatorEnrolment | null>(null);
  const [roleFor, setRoleFor] = useState<AdminOperator | null>(null);
  const list = useListQuery('operators', paging.page, adminApi.operators);
  const mayWrite = can('POST /api/admin/operators');

  return (
    <Page
      title={t('menu.operators')}
      extra={
        <AddButton disabled={!mayWrite} onClick={() => setCreating(true)}>
          {t('operators.create')}
        </AddButton>
      }
    >
      <QueryTable<AdminOperator>
        query={list}
        paging={paging}
        size="large"
        columns={[
          idColumn(60),
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
                        run: (reason) => adminApi.operatorStatus(r.id, r.status !== 1, reason),
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
                        run: async (reason) => setCredentials(await adminApi.resetOperator(r.id, reason)),
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
      {creating && <CreateOperator onClose={() => setCreating(false)} onCreated={setCredentials} />}
      {roleFor && <RoleChange operator={roleFor} onClose={() => setRoleFor(null)} />}
      {credentials && <CredentialsModal credentials={credentials} onClose={() => setCredentials(null)} />}
    </Page>
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
        <Select options={labelledChoices(t, 'role', OPERATOR_ROLES)} />
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

function CreateOperator({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (c: OperatorEnrolment) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RoleValues & { username: string }>();
  return (
    <FormModal<RoleValues & { username: string }>
      form={form}
      name="create-operator"
      width={620}
      title={t('operators.create')}
      initialValues={{ role: 'viewer', permissions: ROLE_PERMISSIONS.viewer }}
      onValuesChange={resetPermissionsOnRole(form as unknown as FormInstance<RoleValues>)}
      submit={async (v) =>
        onCreated(
          await adminApi.createOperator({
            username: v.username.trim(),
            role: v.role,
            permissions: overridesFor(v.role, v.permissions),
            reason: v.reason.trim(),
          }),
        )
      }
      onClose={onClose}
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
      <ReasonField compact />
    </FormModal>
  );
}

function RoleChange({ operator, onClose }: { operator: AdminOperator; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RoleValues>();
  return (
    <FormModal<RoleValues>
      form={form}
      name="role-change"
      width={620}
      title={`${t('operators.changeRole')} ${operator.username}`}
      initialValues={{ role: operator.role, permissions: operator.permissions }}
      onValuesChange={resetPermissionsOnRole(form)}
      submit={(v) =>
        adminApi.operatorRole(operator.id, {
          role: v.role,
          permissions: overridesFor(v.role, v.permissions),
          reason: v.reason.trim(),
        })
      }
      onClose={onClose}
    >
      <RoleFields />
      <ReasonField compact />
    </FormModal>
  );
}

function CredentialsModal({
  credentials: enrolment,
  onClose,
}: {
  credentials: OperatorEnrolment;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const link = `${window.location.origin}${enrolment.enrol_path}`;
  return (
    <ShownOnceModal width={620} title={`${t('operators.enrolLink')} ${enrolment.username}`} onClose={onClose}>
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t('login.username')}>{enrolment.username}</Descriptions.Item>
        <Descriptions.Item label={t('operators.enrolLink')}>
          <Typography.Text copyable code data-testid="operator-enrol-link" style={{ wordBreak: 'break-all' }}>
            {link}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('operators.enrolExpires')}>
          {fmtTime(enrolment.expires_at)}
        </Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        {t('operators.enrolHint')}
      </Typography.Paragraph>
    </ShownOnceModal>
  );
}
