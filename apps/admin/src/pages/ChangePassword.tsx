import { Alert, Button, Card, Form, Typography } from 'antd';
import { OPERATOR_PASSWORD_MIN } from '@koi/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CurrentPasswordField, NewPasswordFields } from '../components/Credentials';
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
          <CurrentPasswordField name="old_password" required={t('common.required')} />
          <NewPasswordFields
            name="new_password"
            label={t('password.new')}
            extra={t('password.rule', { min: OPERATOR_PASSWORD_MIN })}
            required={t('common.required')}
            rule={t('password.rule', { min: OPERATOR_PASSWORD_MIN })}
            confirmLabel={t('password.confirm')}
            confirmRequired={t('common.required')}
            mismatch={t('password.mismatch')}
          />
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
