import { useState } from 'react';
import {
  Button,
  Card,
  Empty,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  adminHouseholdResult,
  adminPromotion,
  adminPromotionClaimsResult,
  adminPromotionFlagsResult,
  adminPromotionTemplatesResult,
} from '@koi/contract';
import { useTranslation } from 'react-i18next';
import { BothNames } from '../../components/columns';
import { FormModal } from '../../components/FormModal';
import { tabbedPage } from '../../components/Page';
import { useWrite } from '../../components/QuickSave';
import { QueryError, fmtTime } from '../../components/ui';
import { http } from '../../lib/http';
import { useCan } from '../../lib/permissions';
import { audienceForForm, audienceWithCountries, CountriesSelect } from './CountriesField';
import { NumberField, SwitchField, TextField } from '../../components/FormFields';

type Promotion = z.infer<typeof adminPromotion>;
type Templates = z.infer<typeof adminPromotionTemplatesResult>;
type JsonSchema = {
  type?: string;
  enum?: string[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  description?: string;
  default?: unknown;
};

const A = '/api/admin/promotions';
const KEY = ['admin', 'promotions'] as const;

/**
 * The promotions area: promotion records (create and edit with forms generated from each template's rule
 * schema, start, pause, resume, end; budget and what was paid), claims with filters, a player's linked-account
 * group and why, and players barred from promotions. Every write is audited by the server.
 */
export const PromotionsPage = tabbedPage({ title: 'menu.promotions' }, [
  ['list', 'promotions.tabs.list', <PromotionList />],
  ['claims', 'promotions.tabs.claims', <Claims />],
  ['households', 'promotions.tabs.households', <Households />],
  ['flags', 'promotions.tabs.flags', <Flags />],
]);

function PromotionList() {
  const { t } = useTranslation();
  const can = useCan();
  const list = useQuery({ queryKey: [...KEY, 'list'], queryFn: () => http.get<Promotion[]>(A) });
  const [editing, setEditing] = useState<Promotion | 'new' | null>(null);
  const status = useWrite(
    (v: { id: number; status: number }) => http.post<Promotion>(`${A}/${v.id}/status`, { status: v.status }),
    { refresh: KEY },
  );
  const statusTag = (s: number) => (
    <Tag color={{ 1: 'default', 2: 'green', 3: 'orange', 4: 'red' }[s]}>
      {t(`promotions.statusNames.${s}` as 'promotions.statusNames.1')}
    </Tag>
  );
  return (
    <Card
      extra={
        can(`POST ${A}`) ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('promotions.create')}
          </Button>
        ) : null
      }
    >
      <QueryError error={list.error} />
      <Table<Promotion>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data}
        pagination={false}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 60 },
          {
            title: t('promotions.type'),
            dataIndex: 'type',
            render: (v: number) => `${v} · ${t(`promotions.types.${v}` as 'promotions.types.1')}`,
          },
          {
            title: t('promotions.title'),
            render: (_, p) => <BothNames zh={p.title} en={p.title_en} />,
          },
          { title: t('promotions.status'), dataIndex: 'status', render: statusTag },
          {
            title: `${t('promotions.spent')} / ${t('promotions.budget')}`,
            render: (_, p) => `${p.spent} / ${p.budget ?? t('promotions.noBudget')}`,
          },
          { title: t('promotions.claims'), dataIndex: 'claims' },
          {
            title: t('promotions.period'),
            render: (_, p) => `${fmtTime(p.starts_at)} – ${p.ends_at ? fmtTime(p.ends_at) : '∞'}`,
          },
          {
            title: '',
            render: (_, p) => (
              <Space size="small">
                {can(`POST ${A}/:id`) && p.status !== 4 ? (
                  <Button size="small" onClick={() => setEditing(p)}>
                    {t('promotions.edit')}
                  </Button>
                ) : null}
                {can(`POST ${A}/:id/status`) ? (
                  <>
                    {p.status === 1 || p.status === 3 ? (
                      <Button
                        size="small"
                        type="primary"
                        onClick={() => status.mutate({ id: p.id, status: 2 })}
                      >
                        {p.status === 1 ? t('promotions.start') : t('promotions.resume')}
                      </Button>
                    ) : null}
                    {p.status === 2 ? (
                      <Button size="small" onClick={() => status.mutate({ id: p.id, status: 3 })}>
                        {t('promotions.pause')}
                      </Button>
                    ) : null}
                    {p.status !== 4 ? (
                      <Popconfirm
                        title={t('promotions.endConfirm')}
                        onConfirm={() => status.mutate({ id: p.id, status: 4 })}
                      >
                        <Button size="small" danger>
                          {t('promotions.end')}
                        </Button>
                      </Popconfirm>
                    ) : null}
                  </>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      {editing ? (
        <PromotionForm promotion={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
    </Card>
  );
}

type FormValues = {
  type: number;
  title: string;
  /** Empty: English mode shows the Chinese title (and likewise the summary). */
  title_en: string;
  summary: string;
  summary_en: string;
  starts_at: string;
  ends_at: string;
  budget: string;
  category: number;
  per_player_cap: number;
  once_per_household: boolean;
  sort: number;
  banner: string;
  content_html: string;
  audience: string;
  countries: string[];
  rules: Record<string, unknown>;
};

const nullable = (s: JsonSchema) => s.anyOf?.some((x) => x.type === 'null') ?? false;
const base = (s: JsonSchema): JsonSchema => s.anyOf?.find((x) => x.type !== 'null') ?? s;

/** Rule values as the form holds them: arrays as JSON text, nulls as empty text. */
function toForm(schema: JsonSchema, value: Record<string, unknown> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, prop] of Object.entries(schema.properties ?? {})) {
    const b = base(prop);
    const v = value?.[key] ?? prop.default;
    if (b.type === 'object') out[key] = toForm(b, v as Record<string, unknown> | undefined);
    else if (b.type === 'array') out[key] = v === undefined ? '[]' : JSON.stringify(v);
    else out[key] = v ?? (b.type === 'string' ? '' : undefined);
  }
  return out;
}

/** The form's values back as rules: JSON text parsed, empty text of a nullable field as null. */
function fromForm(schema: JsonSchema, value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, prop] of Object.entries(schema.properties ?? {})) {
    const b = base(prop);
    const v = value[key];
    if (b.type === 'object') out[key] = fromForm(b, (v ?? {}) as Record<string, unknown>);
    else if (b.type === 'array') out[key] = JSON.parse(String(v || '[]')) as unknown;
    else if (v === '' || v === undefined || v === null) out[key] = nullable(prop) ? null : v;
    else out[key] = v;
  }
  return out;
}

/** The fields of a template's rules, generated from its JSON Schema (objects nest one level, arrays as JSON). */
function SchemaFields({ schema, path }: { schema: JsonSchema; path: string[] }) {
  return (
    <>
      {Object.entries(schema.properties ?? {}).map(([key, prop]) => {
        const b = base(prop);
        const name = [...path, key];
        const label = (
          <span>
            {key}
            {prop.description || b.description ? (
              <Typography.Text type="secondary"> · {prop.description ?? b.description}</Typography.Text>
            ) : null}
          </span>
        );
        if (b.type === 'object') {
          return (
            <Card key={key} size="small" title={key} style={{ marginBottom: 12 }}>
              <SchemaFields schema={b} path={name} />
            </Card>
          );
        }
        if (b.enum) {
          return (
            <Form.Item key={key} name={name} label={label} rules={[{ required: true }]}>
              <Select options={b.enum.map((v) => ({ value: v, label: v }))} />
            </Form.Item>
          );
        }
        if (b.type === 'integer' || b.type === 'number') {
          return (
            <Form.Item key={key} name={name} label={label} rules={[{ required: !nullable(prop) }]}>
              <InputNumber style={{ width: '100%' }} />
            </Form.Item>
          );
        }
        if (b.type === 'boolean') {
          return (
            <Form.Item key={key} name={name} label={label} valuePropName="checked">
              <Switch />
            </Form.Item>
          );
        }
        if (b.type === 'array') {
          return (
            <Form.Item key={key} name={name} label={label} extra="JSON">
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} />
            </Form.Item>
          );
        }
        return (
          <Form.Item key={key} name={name} label={label} rules={[{ required: !nullable(prop) }]}>
            <Input />
          </Form.Item>
        );
      })}
    </>
  );
}

function PromotionForm({ promotion, onClose }: { promotion: Promotion | null; onClose: () => void }) {
  const { t } = useTranslation();
  const templates = useQuery({
    queryKey: [...KEY, 'templates'],
    queryFn: () => http.get<Templates>(`${A}/templates`),
  });
  const [form] = Form.useForm<FormValues>();
  const [type, setType] = useState(promotion?.type ?? 1);
  if (!templates.data) return <QueryError error={templates.error} />;
  const schemaOf = (ty: number) =>
    templates.data.templates[templates.data.type_template[String(ty)]!] as JsonSchema;
  const initial: FormValues = {
    type,
    title: promotion?.title ?? '',
    title_en: promotion?.title_en ?? '',
    summary: promotion?.summary ?? '',
    summary_en: promotion?.summary_en ?? '',
    starts_at: promotion?.starts_at ?? new Date().toISOString(),
    ends_at: promotion?.ends_at ?? '',
    budget: promotion?.budget ?? '',
    category: promotion?.category ?? 0,
    per_player_cap: promotion?.per_player_cap ?? 1,
    once_per_household: promotion?.once_per_household ?? false,
    sort: promotion?.sort ?? 0,
    banner: promotion?.banner ?? '',
    content_html: promotion?.content_html ?? '',
    ...audienceForForm(promotion?.audience),
    rules: toForm(schemaOf(type), promotion?.rules),
  };
  return (
    <FormModal<FormValues>
      title={promotion ? `${t('promotions.edit')} #${promotion.id}` : t('promotions.create')}
      name="promotion"
      form={form}
      width={760}
      initialValues={initial}
      onValuesChange={(changed) => {
        if (changed.type && changed.type !== type) {
          setType(changed.type);
          form.setFieldValue('rules', toForm(schemaOf(changed.type), undefined));
        }
      }}
      submit={(v) => {
        const { countries, ...fields } = v;
        const body = {
          ...fields,
          audience: audienceWithCountries(v.audience, countries),
          rules: JSON.stringify(fromForm(schemaOf(v.type), v.rules)),
        };
        return promotion ? http.post(`${A}/${promotion.id}`, body) : http.post(A, body);
      }}
      onClose={onClose}
    >
      <Form.Item name="type" label={t('promotions.type')} rules={[{ required: true }]}>
        <Select
          disabled={Boolean(promotion)}
          options={Object.keys(templates.data.type_template).map((k) => ({
            value: Number(k),
            label: `${k} · ${t(`promotions.types.${k}` as 'promotions.types.1')} (${templates.data.type_template[k]})`,
          }))}
        />
      </Form.Item>
      <TextField name="title" label={t('promotions.title')} rules={[{ required: true, max: 60 }]} />
      <TextField
        name="title_en"
        label={t('promotions.titleEn')}
        extra={t('promotions.englishHint')}
        maxLength={60}
      />
      <TextField name="summary" label={t('promotions.summary')} />
      <TextField name="summary_en" label={t('promotions.summaryEn')} maxLength={200} />
      <Space style={{ display: 'flex' }} align="start">
        <Form.Item name="starts_at" label={t('promotions.startsAt')} rules={[{ required: true }]}>
          <Input style={{ width: 230 }} />
        </Form.Item>
        <Form.Item name="ends_at" label={t('promotions.endsAt')}>
          <Input style={{ width: 230 }} />
        </Form.Item>
        <Form.Item name="budget" label={t('promotions.budget')} extra={t('promotions.budgetHint')}>
          <Input style={{ width: 160 }} />
        </Form.Item>
      </Space>
      <Space style={{ display: 'flex' }} align="start">
        <NumberField name="category" label={t('promotions.category')} min={0} max={7} />
        <NumberField name="per_player_cap" label={t('promotions.cap')} min={1} max={100} />
        <NumberField name="sort" label={t('promotions.sort')} min={0} />
        <SwitchField name="once_per_household" label={t('promotions.household')} />
      </Space>
      <Card
        size="small"
        title={`${t('promotions.rules')} · ${templates.data.type_template[String(type)]}`}
        style={{ marginBottom: 12 }}
      >
        <SchemaFields schema={schemaOf(type)} path={['rules']} />
      </Card>
      <Form.Item name="audience" label={t('promotions.audience')} extra={t('promotions.jsonHint')}>
        <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} />
      </Form.Item>
      <Form.Item name="countries" label={t('promotions.countries')} extra={t('promotions.countriesHint')}>
        <CountriesSelect />
      </Form.Item>
      <Form.Item name="banner" label={t('promotions.banner')}>
        <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} />
      </Form.Item>
      <Form.Item name="content_html" label={t('promotions.content')}>
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} />
      </Form.Item>
    </FormModal>
  );
}

function Claims() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<{ promotion_id?: number; player_id?: number; page: number }>({
    page: 1,
  });
  const claims = useQuery({
    queryKey: [...KEY, 'claims', filter],
    queryFn: () =>
      http.get<z.infer<typeof adminPromotionClaimsResult>>(`${A}/claims`, { ...filter, size: 20 }),
  });
  return (
    <Card>
      <Form
        layout="inline"
        onFinish={(v: { promotion_id?: number; player_id?: number }) => setFilter({ ...v, page: 1 })}
      >
        <NumberField name="promotion_id" label="ID" min={1} />
        <NumberField name="player_id" label={t('promotions.player')} min={1} />
        <Button htmlType="submit" type="primary">
          {t('promotions.search')}
        </Button>
      </Form>
      <QueryError error={claims.error} />
      <Table
        rowKey="id"
        size="small"
        style={{ marginTop: 16 }}
        loading={claims.isFetching}
        dataSource={claims.data?.data}
        pagination={{
          current: filter.page,
          pageSize: 20,
          total: claims.data?.total,
          onChange: (page) => setFilter((f) => ({ ...f, page })),
        }}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 60 },
          { title: t('promotions.title'), render: (_, c) => `#${c.promotion_id} ${c.title}` },
          { title: t('promotions.player'), dataIndex: 'player_id' },
          { title: t('promotions.period'), dataIndex: 'period' },
          { title: t('promotions.amount'), dataIndex: 'amount' },
          {
            title: t('promotions.household_key'),
            dataIndex: 'household',
            render: (v: string | null) => v ?? '—',
          },
          {
            title: t('promotions.basis'),
            dataIndex: 'basis',
            render: (v: unknown) => <code>{JSON.stringify(v)}</code>,
          },
          { title: t('promotions.time'), dataIndex: 'created_at', render: fmtTime },
        ]}
      />
    </Card>
  );
}

function Households() {
  const { t } = useTranslation();
  const [playerId, setPlayerId] = useState<number | null>(null);
  const group = useQuery({
    queryKey: [...KEY, 'household', playerId],
    queryFn: () => http.get<z.infer<typeof adminHouseholdResult>>(`${A}/households/${playerId}`),
    enabled: playerId !== null,
  });
  return (
    <Card>
      <Form layout="inline" onFinish={(v: { player_id: number }) => setPlayerId(v.player_id)}>
        <NumberField name="player_id" label={t('promotions.player')} min={1} required />
        <Button htmlType="submit" type="primary">
          {t('promotions.search')}
        </Button>
      </Form>
      <QueryError error={group.error} />
      {group.data ? (
        <Table
          rowKey="player_id"
          size="small"
          style={{ marginTop: 16 }}
          title={() => `${t('promotions.members')}: #${group.data.player_id} ${group.data.username}`}
          locale={{ emptyText: <Empty description={t('promotions.noLinks')} /> }}
          dataSource={group.data.members}
          pagination={false}
          columns={[
            { title: t('promotions.player'), render: (_, m) => `#${m.player_id} ${m.username}` },
            {
              title: t('promotions.reason'),
              dataIndex: 'reason',
              render: (r: string) => t(`promotions.reasons.${r}` as 'promotions.reasons.device', r),
            },
            { title: t('promotions.value'), dataIndex: 'value' },
            { title: t('promotions.via'), dataIndex: 'via', render: (v: number) => `#${v}` },
          ]}
        />
      ) : null}
    </Card>
  );
}

function Flags() {
  const { t } = useTranslation();
  const can = useCan();
  const flags = useQuery({
    queryKey: [...KEY, 'flags'],
    queryFn: () => http.get<z.infer<typeof adminPromotionFlagsResult>>(`${A}/flags`),
  });
  const [adding, setAdding] = useState(false);
  const clear = useWrite((id: number) => http.post(`${A}/flags/${id}/clear`, {}), { refresh: KEY });
  return (
    <Card
      extra={
        can(`POST ${A}/flags/:id`) ? (
          <Button type="primary" onClick={() => setAdding(true)}>
            {t('promotions.flag')}
          </Button>
        ) : null
      }
    >
      <QueryError error={flags.error} />
      <Table
        rowKey="player_id"
        size="small"
        dataSource={flags.data}
        pagination={false}
        columns={[
          { title: t('promotions.player'), dataIndex: 'player_id' },
          { title: t('promotions.reason'), dataIndex: 'reason' },
          { title: t('promotions.operator'), dataIndex: 'operator' },
          { title: t('promotions.time'), dataIndex: 'created_at', render: fmtTime },
          {
            title: '',
            render: (_, f) =>
              can(`POST ${A}/flags/:id/clear`) ? (
                <Button size="small" onClick={() => clear.mutate(f.player_id)}>
                  {t('promotions.unflag')}
                </Button>
              ) : null,
          },
        ]}
      />
      {adding ? (
        <FormModal<{ player_id: number; reason: string }>
          title={t('promotions.flag')}
          name="flag"
          submit={(v) => http.post(`${A}/flags/${v.player_id}`, { reason: v.reason })}
          onClose={() => setAdding(false)}
        >
          <NumberField name="player_id" label={t('promotions.player')} min={1} required />
          <Form.Item name="reason" label={t('promotions.reason')} rules={[{ required: true, max: 256 }]}>
            <Input />
          </Form.Item>
        </FormModal>
      ) : null}
    </Card>
  );
}
