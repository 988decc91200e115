import { Card, Space, Tag } from 'antd';
import { AUDIT_ACTIONS, type AuditEntry } from '@koi/contract';
import { useTranslation } from 'react-i18next';
import { orDash } from '../components/columns';
import { Diff } from '../components/Diff';
import { useIntegrityCheck } from '../components/IntegrityCheck';
import { Page } from '../components/Page';
import { QueryTable, useSearchList } from '../components/QueryTable';
import { ChoiceFilter, SearchForm, TextFilter, type TimeRange } from '../components/SearchForm';
import { fmtTime } from '../components/ui';
import { adminApi } from '../lib/api';
import { auditActionName } from './auditActions';

type Filters = {
  operator?: string;
  action?: string;
  target?: string;
  range?: TimeRange;
};

/** Who did what, when, from where and why, newest first; each row opens its before/after. */
export function AuditPage() {
  const { t, i18n } = useTranslation();
  const audit = useSearchList<Filters, AuditEntry>('audit', {}, adminApi.audit);
  const verify = useIntegrityCheck({
    run: adminApi.verifyAudit,
    route: 'POST /api/admin/audit/verify',
    label: t('audit.verify'),
    verdict: (r) => ({
      ok: r.ok,
      message: [
        r.ok
          ? t('audit.chainOk', { rows: r.rows })
          : t('audit.chainBroken', { id: r.first_bad_id, problem: r.problem }),
        ...r.checks,
      ].join(' · '),
    }),
  });

  return (
    <Page title={t('menu.audit')} extra={verify.button}>
      {verify.result}
      <Card>
        <SearchForm<Filters> name="audit-filters" timeRange onSearch={audit.search}>
          <TextFilter name="operator" placeholder={t('audit.operator')} width={160} />
          <ChoiceFilter
            name="action"
            placeholder={t('audit.action')}
            width={220}
            showSearch
            options={AUDIT_ACTIONS.map((a) => ({ value: a, label: auditActionName(a, i18n.language) }))}
          />
          <TextFilter name="target" placeholder={t('audit.targetHint')} width={180} />
        </SearchForm>
      </Card>
      <QueryTable<AuditEntry>
        list={audit}
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
                {/* The name to read; the stored code on hover, for searches and the raw log. */}
                <span title={v} style={{ whiteSpace: 'nowrap' }}>
                  {auditActionName(v, i18n.language)}
                </span>
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
