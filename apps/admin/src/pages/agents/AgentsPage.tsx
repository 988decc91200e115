import { useState, type ReactNode } from 'react';
import {
  Breadcrumb,
  Button,
  Card,
  Form,
  Input,
  Space,
  Table,
  Tag,
  Typography,
  type FormInstance,
} from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { tabbedPage } from '../../components/Page';
import { useWrite } from '../../components/QuickSave';
import { useCan } from '../../lib/permissions';
import { agentsApi, type AgentNode, type AgentTiers } from './agentsApi';

const CATEGORIES = [1, 2, 3, 4, 5, 6, 7] as const;

/** A list of this screen read 20 rows a page (`page`, moved by `setPage`): the table's rows and pagination. */
function pagedRows<R>(
  query: { isPending: boolean; data?: { data: R[]; total: number } },
  page: number,
  setPage: (page: number) => void,
) {
  return {
    size: 'small' as const,
    loading: query.isPending,
    dataSource: query.data?.data ?? [],
    pagination: { current: page, total: query.data?.total ?? 0, pageSize: 20, onChange: setPage },
  };
}

/** The team tree, one level at a time: a member's direct downlines, with a path back up. */
function TreeTab() {
  const { t } = useTranslation();
  const [path, setPath] = useState<{ id: number; username: string }[]>([]);
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const parent = path.at(-1)?.id ?? 0;
  const query = useQuery({
    queryKey: ['admin', 'agents', 'tree', parent, keyword, page],
    queryFn: () => agentsApi.tree({ parent, keyword, page, size: 20 }),
  });
  return (
    <Card>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Breadcrumb
          items={[{ title: <a onClick={() => setPath([])}>{t('agents.roots')}</a> }].concat(
            path.map((p, i) => ({
              title: <a onClick={() => setPath(path.slice(0, i + 1))}>{p.username}</a>,
            })),
          )}
        />
        <Input.Search
          allowClear
          placeholder={t('agents.searchHint')}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage(1);
          }}
          style={{ maxWidth: 320 }}
        />
        <Table<AgentNode>
          rowKey="id"
          {...pagedRows(query, page, setPage)}
          columns={[
            { title: 'ID', dataIndex: 'id', width: 80 },
            { title: t('agents.username'), dataIndex: 'username' },
            { title: t('agents.direct'), dataIndex: 'direct_count' },
            { title: t('agents.teamSize'), dataIndex: 'team_size' },
            { title: t('agents.todayTeam'), dataIndex: 'today_team_valid' },
            { title: t('agents.paid'), dataIndex: 'commission_paid' },
            {
              title: '',
              render: (_, row) =>
                row.direct_count > 0 ? (
                  <Button
                    size="small"
                    onClick={() => {
                      setPath([...path, { id: row.id, username: row.username }]);
                      setPage(1);
                      setKeyword('');
                    }}
                  >
                    {t('agents.open')}
                  </Button>
                ) : null,
            },
          ]}
        />
      </Space>
    </Card>
  );
}

/** A player's upline chain, and moving them (with their team) under another upline from tomorrow. */
function ChainTab() {
  const { t } = useTranslation();
  const can = useCan();
  const [player, setPlayer] = useState('');
  const chain = useQuery({
    queryKey: ['admin', 'agents', 'chain', player],
    queryFn: () => agentsApi.chain(player),
    enabled: player !== '',
  });
  const [form] = Form.useForm<{ to: string; reason: string }>();
  const move = useWrite(
    (values: { to: string; reason: string }) =>
      agentsApi.move({ player, to: values.to ?? '', reason: values.reason }),
    {
      toast: (r) => t('agents.moved', { day: r.effective_day, count: r.moved_members }),
      saved: () => form.resetFields(),
      refresh: ['admin', 'agents'],
    },
  );
  return (
    <Card>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Input.Search
          placeholder={t('agents.username')}
          onSearch={(v) => setPlayer(v.trim())}
          style={{ maxWidth: 320 }}
          enterButton
        />
        {chain.isError ? (
          <Typography.Text type="danger">{(chain.error as Error).message}</Typography.Text>
        ) : null}
        {chain.data ? (
          <>
            <Typography.Text>
              {chain.data.player.username} ←{' '}
              {chain.data.chain.length === 0
                ? t('agents.noUpline')
                : chain.data.chain.map((c) => `${c.username} (${c.depth})`).join(' ← ')}
            </Typography.Text>
            {chain.data.pending_move ? (
              <Tag color="orange">
                {t('agents.pendingMove', {
                  to: chain.data.pending_move.to ?? '—',
                  day: chain.data.pending_move.effective_day,
                })}
              </Tag>
            ) : null}
            {can('POST /api/admin/agents/move') ? (
              <ReasonedForm
                form={form}
                onFinish={(v) => move.mutate(v)}
                pending={move.isPending}
                action={t('agents.move')}
              >
                <Form.Item name="to" label={t('agents.newUpline')}>
                  <Input placeholder={t('agents.newUplineHint')} />
                </Form.Item>
              </ReasonedForm>
            ) : null}
            <Typography.Text type="secondary">{t('agents.moveHint')}</Typography.Text>
          </>
        ) : null}
      </Space>
    </Card>
  );
}

type TierRow = { level: number; min_team_valid: string; rates: Record<number, string> };

/** The tier table, edited as a whole (audited with a reason). */
function TiersTab() {
  const { t } = useTranslation();
  const can = useCan();
  const query = useQuery({ queryKey: ['admin', 'agents', 'tiers'], queryFn: agentsApi.tiers });
  const [rows, setRows] = useState<TierRow[] | null>(null);
  const [reason, setReason] = useState('');
  const current: TierRow[] =
    rows ??
    (query.data?.tiers ?? []).map((tier) => ({
      level: tier.level,
      min_team_valid: tier.min_team_valid,
      rates: Object.fromEntries(tier.rates.map((r) => [r.game_type_id, r.rate])),
    }));
  const edit = (i: number, patch: Partial<TierRow>) =>
    setRows(current.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const save = useWrite(
    () => {
      const tiers: AgentTiers['tiers'] = current.map((r) => ({
        level: r.level,
        min_team_valid: r.min_team_valid,
        rates: CATEGORIES.map((c) => ({ game_type_id: c, rate: r.rates[c] ?? '0' })),
      }));
      return agentsApi.saveTiers({ tiers, reason });
    },
    {
      toast: () => t('agents.saved'),
      saved: () => {
        setRows(null);
        setReason('');
      },
      refresh: ['admin', 'agents', 'tiers'],
    },
  );
  const editable = can('POST /api/admin/agents/tiers');
  return (
    <Card>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('agents.tiersHint')}</Typography.Text>
        <Table<TierRow>
          rowKey="level"
          size="small"
          pagination={false}
          loading={query.isPending}
          dataSource={current}
          columns={[
            { title: t('agents.level'), dataIndex: 'level', width: 70 },
            {
              title: t('agents.minTeam'),
              render: (_, r, i) =>
                editable ? (
                  <Input
                    value={r.min_team_valid}
                    onChange={(e) => edit(i, { min_team_valid: e.target.value })}
                    style={{ width: 140 }}
                  />
                ) : (
                  r.min_team_valid
                ),
            },
            ...CATEGORIES.map((c) => ({
              title: t(`agents.category.${c}`),
              render: (_: unknown, r: TierRow, i: number) =>
                editable ? (
                  <Input
                    value={r.rates[c] ?? '0'}
                    onChange={(e) => edit(i, { rates: { ...r.rates, [c]: e.target.value } })}
                    style={{ width: 90 }}
                  />
                ) : (
                  r.rates[c]
                ),
            })),
          ]}
        />
        {editable ? (
          <Space>
            <Button
              onClick={() =>
                setRows([
                  ...current,
                  { level: (current.at(-1)?.level ?? 0) + 1, min_team_valid: '0', rates: {} },
                ])
              }
            >
              {t('agents.addTier')}
            </Button>
            <Button danger disabled={current.length <= 1} onClick={() => setRows(current.slice(0, -1))}>
              {t('agents.removeTier')}
            </Button>
            <Input
              placeholder={t('agents.reason')}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              style={{ width: 240 }}
            />
            <Button
              type="primary"
              disabled={!reason.trim()}
              loading={save.isPending}
              onClick={() => save.mutate()}
            >
              {t('agents.save')}
            </Button>
          </Space>
        ) : null}
      </Space>
    </Card>
  );
}

/** An inline write of the agent screen: its own fields, then the reason the audit log keeps, then the button. */
function ReasonedForm<V extends { reason: string }>({
  form,
  onFinish,
  pending,
  action,
  children,
}: {
  form?: FormInstance<V>;
  onFinish: (values: V) => void;
  pending: boolean;
  action: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Form<V> form={form} layout="inline" onFinish={onFinish}>
      {children}
      <Form.Item name="reason" label={t('agents.reason')} rules={[{ required: true }]}>
        <Input />
      </Form.Item>
      <Button htmlType="submit" type="primary" loading={pending}>
        {action}
      </Button>
    </Form>
  );
}

/** Settlement runs and their totals; settling a finished day by hand (the job does it every day). */
function RunsTab() {
  const { t } = useTranslation();
  const can = useCan();
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: ['admin', 'agents', 'runs', page],
    queryFn: () => agentsApi.runs({ page, size: 20 }),
  });
  const settle = useWrite((values: { day: string; reason: string }) => agentsApi.settle(values), {
    toast: (r) => t(r.created ? 'agents.settled' : 'agents.alreadySettled', { day: r.day, total: r.total }),
    refresh: ['admin', 'agents', 'runs'],
  });
  return (
    <Card>
      <Space direction="vertical" style={{ width: '100%' }}>
        {can('POST /api/admin/agents/runs') ? (
          <ReasonedForm<{ day: string; reason: string }>
            onFinish={(v) => settle.mutate(v)}
            pending={settle.isPending}
            action={t('agents.settle')}
          >
            <Form.Item
              name="day"
              label={t('agents.day')}
              rules={[{ required: true, pattern: /^\d{4}-\d{2}-\d{2}$/ }]}
            >
              <Input placeholder="YYYY-MM-DD" />
            </Form.Item>
          </ReasonedForm>
        ) : null}
        <Table
          rowKey="day"
          {...pagedRows(query, page, setPage)}
          columns={[
            { title: t('agents.day'), dataIndex: 'day' },
            { title: t('agents.statements'), dataIndex: 'agents' },
            { title: t('agents.paidAgents'), dataIndex: 'paid_agents' },
            { title: t('agents.teamValid'), dataIndex: 'team_valid' },
            { title: t('agents.total'), dataIndex: 'total' },
            {
              title: t('agents.settledAt'),
              dataIndex: 'settled_at',
              render: (v: string) => new Date(v).toLocaleString(),
            },
          ]}
        />
      </Space>
    </Card>
  );
}

/** The agent programme (decision 26): the team tree, upline chains and moves, the tier table, settlement runs. */
export const AgentsPage = tabbedPage({ title: 'agents.title', hint: 'agents.hint' }, [
  ['tree', 'agents.tree', <TreeTab />],
  ['chain', 'agents.chain', <ChainTab />],
  ['tiers', 'agents.tiers', <TiersTab />],
  ['runs', 'agents.runs', <RunsTab />],
]);
