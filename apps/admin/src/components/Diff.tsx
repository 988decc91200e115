import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

type Row = { path: string; before: string; after: string; changed: boolean };

/** Flattens a JSON value to `a.b[0].c → text` pairs, so nested before/after states compare line by line. */
export function flatten(
  value: unknown,
  prefix = '',
  out: Record<string, string> = {},
): Record<string, string> {
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value)
      ? value.map((v, i) => [`[${i}]`, v] as const)
      : Object.entries(value);
    if (entries.length === 0) out[prefix || '∅'] = Array.isArray(value) ? '[]' : '{}';
    for (const [k, v] of entries) {
      const key = Array.isArray(value) ? `${prefix}${k}` : prefix ? `${prefix}.${k}` : String(k);
      flatten(v, key, out);
    }
  } else if (value !== undefined) out[prefix || '∅'] = JSON.stringify(value);
  return out;
}

export function diffRows(before: unknown, after: unknown): Row[] {
  const a = before === null || before === undefined ? {} : flatten(before);
  const b = after === null || after === undefined ? {} : flatten(after);
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  return keys.map((path) => ({
    path,
    before: a[path] ?? '',
    after: b[path] ?? '',
    changed: a[path] !== b[path],
  }));
}

/** The audit log's before/after, one row per field, changed fields highlighted. */
export function Diff({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation();
  const rows = diffRows(before, after);
  if (rows.length === 0) return <Typography.Text type="secondary">{t('audit.noState')}</Typography.Text>;
  return (
    <Table<Row>
      rowKey="path"
      size="small"
      pagination={false}
      dataSource={rows}
      data-testid="audit-diff"
      rowClassName={(r) => (r.changed ? 'koi-diff-changed' : '')}
      onRow={(r) => ({ style: r.changed ? { background: '#fffbe6' } : undefined })}
      columns={[
        {
          title: t('audit.field'),
          dataIndex: 'path',
          width: 240,
          render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
        },
        {
          title: t('audit.before'),
          dataIndex: 'before',
          render: (v: string, r) => (
            <Typography.Text delete={r.changed && v !== ''} type={r.changed ? 'danger' : undefined}>
              {v || '—'}
            </Typography.Text>
          ),
        },
        {
          title: t('audit.after'),
          dataIndex: 'after',
          render: (v: string, r) => (
            <Typography.Text type={r.changed ? 'success' : undefined} strong={r.changed}>
              {v || '—'}
            </Typography.Text>
          ),
        },
      ]}
    />
  );
}
