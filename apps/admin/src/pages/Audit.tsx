import { Alert, Button, Card, Form, Input, Select, Space, Tag, Typography } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { AUDIT_ACTIONS, type AuditEntry } from '@koi/contract';
import { useTranslation } from 'react-i18next';
import { orDash } from '../components/columns';
import { Diff } from '../components/Diff';
import { Page } from '../components/Page';
import { QueryTable, useListQuery } from '../components/QueryTable';
import { SearchForm, useSearchState, type TimeRange } from '../components/SearchForm';
import { QueryError, fmtTime } from '../components/ui';
import { adminApi } from '../lib/api';
import { useCan } from '../lib/permissions';

type Filters = {
  operator?: string;
  action?: string;
  target?: string;
  range?: TimeRange;
};

/** Who did what, when, from where and why, newest first; each row opens its before/after. */
export function AuditPage() {
  const { t } = useTranslation();
  const can = useCan();
  const view = useSearchState<Filters>({});
  const audit = useListQuery('audit', view.params, adminApi.audit);
  const verify = useMutation({ mutationFn: adminApi.verifyAudit });

  return (
    <Page
      title={t('menu.audit')}
      extra={
        <Button
          icon={<SafetyCertificateOutlined />}
          loading={verify.isPending}
          disabled={!can('POST /api/admin/audit/verify')}
          onClick={() => verify.mutate()}
        >
          {t('audit.verify')}
        </Button>
      }
    >
      <QueryError error={verify.error} />
      {verify.data && (
        <Alert
          type={verify.data.ok ? 'success' : 'error'}
          showIcon
          message={
            verify.data.ok
              ? t('audit.chainOk', { rows: verify.data.rows })
              : t('audit.chainBroken', { id: verify.data.first_bad_id, problem: verify.data.problem })
          }
        />
      )}
      <Card>
        <SearchForm<Filters> name="audit-filters" timeRange onSearch={view.search}>
          <Form.Item name="operator">
            <Input allowClear placeholder={t('audit.operator')} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="action">
            <Select
              allowClear
              showSearch
              placeholder={t('audit.action')}
              style={{ width: 220 }}
              options={AUDIT_ACTIONS.map((a) => ({ value: a, label: a }))}
            />
          </Form.Item>
          <Form.Item name="target">
            <Input allowClear placeholder={t('audit.targetHint')} style={{ width: 180 }} />
          </Form.Item>
        </SearchForm>
      </Card>
      <QueryTable<AuditEntry>
        query={audit}
        paging={view}
        size="middle"
        expandable={{
          expandRowByClick: true,
          expandedRowRender: (r) => <Diff before={r.before} after={r.after} />,
        }}
        columns={[
          { title: '#', dataIndex: 'id', width: 70 },
          { title: t('ledger.time'), dataIndex: 'at', render: fmtTime, width: 180 },
          { title: t('audit.operator'), dataIndex: 'operator', render: orDash },
          { title: 'IP', dataIndex: 'ip', render: orDash },
          {
            title: t('audit.action'),
            dataIndex: 'action',
            render: (v: string, r) => (
              <Space size={4}>
                <Typography.Text code>{v}</Typography.Text>
                {r.outcome === 'denied' && <Tag color="red">{t('audit.denied')}</Tag>}
              </Space>
            ),
          },
          { title: t('audit.target'), render: (_, r) => `${r.target_type}:${r.target_id}` },
          { title: t('common.reason'), dataIndex: 'reason', ellipsis: true },
        ]}
      />
    </Page>
  );
}
