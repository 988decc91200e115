import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { OPERATOR_PASSWORD_MAX, OPERATOR_PASSWORD_MIN } from '@koi/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { sameAs } from '../components/Credentials';
import { QueryError } from '../components/ui';
import { adminApi } from '../lib/api';
import { ME_KEY, useMe } from '../lib/permissions';
import { useSendOnce } from '../components/QuickSave';

type Values = { old_password: string; new_password: string; confirm: string };

/** Forced at first sign-in (the one-time password from operator:create), and available from the user menu. */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useMe().data;
  const change = useSendOnce({
    mutationFn: async (values: Values) => {
      await adminApi.changePassword({ old_password: values.old_password, new_password: values.new_password });
      await queryClient.invalidateQueries({ queryKey: ME_KEY });
    },
    onSuccess: () => navigate('/', { replace: true }),
  });
  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#f5f5f5' }}>
      <Card style={{ width: 440 }}>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {t('password.title')}
        </Typography.Title>
        {me?.must_change_password && (
          <Alert type="warning" showIcon message={t('password.forced')} style={{ marginBottom: 16 }} />
        )}
        <QueryError error={change.error} />
        <Form<Values>
          layout="vertical"
          onFinish={(values) => change.mutate(values)}
          requiredMark={false}
          name="password"
        >
          <Form.Item
            name="old_password"
            label={t('password.old')}
            rules={[{ required: true, message: t('common.required') }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item
            name="new_password"
            label={t('password.new')}
            extra={t('password.rule', { min: OPERATOR_PASSWORD_MIN })}
            rules={[
              { required: true, message: t('common.required') },
              {
                min: OPERATOR_PASSWORD_MIN,
                max: OPERATOR_PASSWORD_MAX,
                message: t('password.rule', { min: OPERATOR_PASSWORD_MIN }),
              },
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="confirm"
            label={t('password.confirm')}
            dependencies={['new_password']}
            rules={[
              { required: true, message: t('common.required') },
              sameAs('new_password', t('password.mismatch')),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={change.isPending}>
            {t('common.save')}
          </Button>
          {!me?.must_change_password && (
            <Button type="link" block onClick={() => navigate(-1)} style={{ marginTop: 8 }}>
              {t('common.back')}
            </Button>
          )}
        </Form>
      </Card>
    </div>
  );
}
