import { useState, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Drawer,
  Form,
  Input,
  InputNumber,
  Modal,
  Space,
  Table,
  Tag,
  type TableColumnsType,
} from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { tabbedPage } from '../../components/Page';
import { QueryTable } from '../../components/QueryTable';
import { useWrite } from '../../components/QuickSave';
import { fmtTime } from '../../components/ui';
import { useCan } from '../../lib/permissions';
import { vipApi, type RebateRunResult, type Tournament, type TournamentInput, type VipTable } from './api';
import './strings';
import { NumberField, SwitchField, TextField } from '../../components/FormFields';

const CATEGORIES = [1, 2, 3, 4, 5, 6, 7] as const;
const KEYS = {
  table: ['admin', 'vip', 'table'] as const,
  runs: ['admin', 'vip', 'runs'] as const,
  tournaments: ['admin', 'vip', 'tournaments'] as const,
};

/** Today as a UTC+8 calendar day (YYYY-MM-DD), the days rebates and tournaments are counted in. */
const utc8Day = (offsetDays = 0) =>
  new Date(Date.now() + 8 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

/**
 * VIP与返水: the VIP table with its rebate rates by category, the categories' contribution weights, the
 * daily rebate runs (with a re-run that shows what it changed) and the masters tournament's periods.
 */
export const VipPage = tabbedPage({ title: 'vipAdmin.title', hint: 'vipAdmin.hint' }, [
  ['levels', 'vipAdmin.tabs.levels', <LevelsTab />],
  ['weights', 'vipAdmin.tabs.weights', <WeightsTab />],
  ['runs', 'vipAdmin.tabs.runs', <RunsTab />],
  ['tournaments', 'vipAdmin.tabs.tournaments', <TournamentsTab />],
]);

type LevelDraft = VipTable['levels'][number];

function LevelsTab() {
  const { t } = useTranslation();
  const can = useCan();
  const table = useQuery({ queryKey: KEYS.table, queryFn: vipApi.table });
  const [draft, setDraft] = useState<LevelDraft[] | null>(null);
  const levels = draft ?? table.data?.levels ?? [];
  const editable = can('POST /api/admin/vip/levels');
  const save = useWrite(() => vipApi.saveLevels({ levels }), {
    refresh: KEYS.table,
    toast: () => t('vipAdmin.saved'),
    saved: () => setDraft(null),
  });
  const change = (level: number, patch: Partial<LevelDraft>) =>
    setDraft(levels.map((l) => (l.level === level ? { ...l, ...patch } : l)));
  const rateOf = (l: LevelDraft, category: number) =>
    l.rates.find((r) => r.game_type_id === category)?.rate_ppm ?? 0;
  const setRate = (l: LevelDraft, category: number, ppm: number) =>
    change(l.level, {
      rates: [
        ...l.rates.filter((r) => r.game_type_id !== category),
        { game_type_id: category, rate_ppm: ppm },
      ],
    });
  const money =
    (key: 'threshold' | 'level_up_reward' | 'monthly_reward' | 'check_in_reward') =>
    (_: unknown, l: LevelDraft) => (
      <Input
        size="small"
        value={l[key]}
        disabled={!editable || (key === 'threshold' && l.level === 0)}
        onChange={(e) => change(l.level, { [key]: e.target.value })}
        style={{ width: 110 }}
      />
    );
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Table<LevelDraft>
        rowKey="level"
        size="small"
        loading={table.isFetching}
        pagination={false}
        dataSource={levels}
        scroll={{ x: true }}
        columns={[
          { title: t('vipAdmin.level'), dataIndex: 'level', render: (v: number) => `VIP${v}` },
          { title: t('vipAdmin.threshold'), render: money('threshold') },
          { title: t('vipAdmin.levelUp'), render: money('level_up_reward') },
          { title: t('vipAdmin.monthly'), render: money('monthly_reward') },
          { title: t('vipAdmin.checkIn'), render: money('check_in_reward') },
          ...CATEGORIES.map((c) => ({
            title: t('vipAdmin.ratePct', { category: t(`vipAdmin.category.${c}`) }),
            key: `rate-${c}`,
            render: (_: unknown, l: LevelDraft) => (
              <InputNumber
                size="small"
                min={0}
                max={10}
                step={0.05}
                disabled={!editable}
                value={rateOf(l, c) / 10_000}
                onChange={(v) => setRate(l, c, Math.round(Number(v ?? 0) * 10_000))}
                style={{ width: 72 }}
              />
            ),
          })),
        ]}
      />
      <Space>
        <Button
          disabled={!editable || levels.length >= 11}
          onClick={() => {
            const top = levels[levels.length - 1];
            setDraft([
              ...levels,
              {
                level: levels.length,
                threshold: top ? String(Number(top.threshold) * 2 || 1000) : '0',
                level_up_reward: '0',
                monthly_reward: '0',
                check_in_reward: '0',
                rates: top?.rates ?? [],
              },
            ]);
          }}
        >
          {t('vipAdmin.addLevel')}
        </Button>
        <Button disabled={!editable || levels.length <= 1} onClick={() => setDraft(levels.slice(0, -1))}>
          {t('vipAdmin.removeLevel')}
        </Button>
        <SaveDraft disabled={!editable || !draft} save={save} />
      </Space>
      {table.data && <SettingsCard table={table.data} />}
    </Space>
  );
}

/** Saves a tab's edited table; `disabled` until something changed (or for an operator who may not). */
function SaveDraft({
  disabled,
  save,
}: {
  disabled: boolean;
  save: { isPending: boolean; mutate: () => void };
}) {
  const { t } = useTranslation();
  return (
    <Button type="primary" disabled={disabled} loading={save.isPending} onClick={() => save.mutate()}>
      {t('vipAdmin.save')}
    </Button>
  );
}

function SettingsCard({ table }: { table: VipTable }) {
  const { t } = useTranslation();
  const can = useCan();
  const [form] = Form.useForm<VipTable['settings']>();
  const save = useWrite((v: VipTable['settings']) => vipApi.saveSettings(v), {
    refresh: KEYS.table,
    toast: () => t('vipAdmin.saved'),
  });
  const editable = can('POST /api/admin/vip/settings');
  return (
    <Card size="small" title={t('vipAdmin.settings')}>
      <Form
        form={form}
        layout="inline"
        initialValues={table.settings}
        onFinish={(v) => save.mutate(v)}
        disabled={!editable}
      >
        <SwitchField name="rebate_auto_credit" label={t('vipAdmin.autoCredit')} />
        <NumberField
          name="rebate_turnover_centis"
          label={t('vipAdmin.rebateTurnover')}
          min={0}
          max={10_000}
        />
        <NumberField
          name="reward_turnover_centis"
          label={t('vipAdmin.rewardTurnover')}
          min={0}
          max={10_000}
        />
        <Button htmlType="submit" type="primary" loading={save.isPending}>
          {t('vipAdmin.save')}
        </Button>
      </Form>
    </Card>
  );
}

function WeightsTab() {
  const { t } = useTranslation();
  const can = useCan();
  const table = useQuery({ queryKey: KEYS.table, queryFn: vipApi.table });
  const [draft, setDraft] = useState<Record<number, number> | null>(null);
  const current = Object.fromEntries(CATEGORIES.map((c) => [c, 10_000])) as Record<number, number>;
  for (const w of table.data?.weights ?? []) current[w.game_type_id] = w.weight_bp;
  const weights = draft ?? current;
  const editable = can('POST /api/admin/vip/weights');
  const save = useWrite(
    () =>
      vipApi.saveWeights({
        weights: CATEGORIES.map((c) => ({ game_type_id: c, weight_bp: weights[c] ?? 10_000 })),
      }),
    { refresh: KEYS.table, toast: () => t('vipAdmin.saved'), saved: () => setDraft(null) },
  );
  return (
    <Space direction="vertical">
      <Table
        rowKey="category"
        size="small"
        pagination={false}
        loading={table.isFetching}
        dataSource={CATEGORIES.map((c) => ({ category: c }))}
        columns={[
          {
            title: t('vipAdmin.level'),
            dataIndex: 'category',
            render: (c: number) => t(`vipAdmin.category.${c}`),
          },
          {
            title: t('vipAdmin.weightPct'),
            render: (_, r) => (
              <InputNumber
                min={0}
                max={100}
                disabled={!editable}
                value={(weights[r.category] ?? 10_000) / 100}
                onChange={(v) => setDraft({ ...weights, [r.category]: Math.round(Number(v ?? 0) * 100) })}
              />
            ),
          },
        ]}
      />
      <SaveDraft disabled={!editable || !draft} save={save} />
    </Space>
  );
}

function RunsTab() {
  const { t } = useTranslation();
  const can = useCan();
  const [page, setPage] = useState(1);
  const runs = useQuery({ queryKey: [...KEYS.runs, page], queryFn: () => vipApi.runs(page, 20) });
  const [day, setDay] = useState(utc8Day(-1));
  const [month, setMonth] = useState(utc8Day(-31).slice(0, 7));
  const [last, setLast] = useState<RebateRunResult | null>(null);
  const run = useWrite(() => vipApi.runDay(day), { refresh: KEYS.runs, saved: setLast });
  const monthEnd = useWrite(() => vipApi.monthEnd(month), {
    toast: (r) => t('vipAdmin.monthEndDone', { month, added: r.added, amount: r.amount }),
  });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <PeriodJob
          label={t('vipAdmin.day')}
          value={day}
          onChange={setDay}
          width={140}
          primary
          allowed={can('POST /api/admin/vip/rebate-runs')}
          job={run}
        >
          {t('vipAdmin.runDay')}
        </PeriodJob>
        <PeriodJob
          label={t('vipAdmin.month')}
          value={month}
          onChange={setMonth}
          width={120}
          allowed={can('POST /api/admin/vip/month-end')}
          job={monthEnd}
        >
          {t('vipAdmin.monthEnd')}
        </PeriodJob>
      </Space>
      {last && (
        <Alert
          data-testid="rebate-run-result"
          type={last.added === 0 && last.before ? 'info' : 'success'}
          showIcon
          message={
            last.added === 0 && last.before
              ? t('vipAdmin.unchanged', {
                  day: last.run.day,
                  players: last.run.players,
                  total: last.run.amount,
                })
              : t('vipAdmin.runDone', { day: last.run.day, added: last.added, amount: last.added_amount })
          }
        />
      )}
      <QueryTable
        query={runs}
        rowKey="day"
        paging={{
          pagination: (total?: number) => ({ current: page, pageSize: 20, total, onChange: setPage }),
        }}
        columns={[
          { title: t('vipAdmin.day'), dataIndex: 'day' },
          { title: t('vipAdmin.players'), dataIndex: 'players' },
          { title: t('vipAdmin.validBet'), dataIndex: 'valid_bet' },
          { title: t('vipAdmin.amount'), dataIndex: 'amount' },
          { title: t('vipAdmin.runs'), dataIndex: 'runs' },
          { title: t('vipAdmin.lastAdded'), dataIndex: 'last_added' },
          { title: t('vipAdmin.firstRun'), dataIndex: 'first_run_at', render: (v: string) => fmtTime(v) },
          { title: t('vipAdmin.lastRun'), dataIndex: 'last_run_at', render: (v: string) => fmtTime(v) },
        ]}
      />
    </Space>
  );
}

/** A job run by hand for a period the operator types (a UTC+8 day, a month): the period's field, then the button. */
function PeriodJob({
  label,
  value,
  onChange,
  width,
  primary,
  allowed,
  job,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  width: number;
  primary?: boolean;
  allowed: boolean;
  job: { isPending: boolean; mutate: () => void };
  children: ReactNode;
}) {
  return (
    <>
      <Input aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} style={{ width }} />
      <Button
        type={primary ? 'primary' : undefined}
        disabled={!allowed}
        loading={job.isPending}
        onClick={() => job.mutate()}
      >
        {children}
      </Button>
    </>
  );
}

/** "1 100\n2 50" → [{rank: 1, amount: '100'}, …]; null when a line is not "rank amount". */
function parsePrizes(text: string): TournamentInput['prizes'] | null {
  const prizes: TournamentInput['prizes'] = [];
  for (const line of text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)) {
    const m = /^(\d{1,4})\s+(\d+(?:\.\d{1,6})?)$/.exec(line);
    if (!m) return null;
    prizes.push({ rank: Number(m[1]), amount: m[2]! });
  }
  return prizes;
}

type PeriodForm = {
  name: string;
  start_day: string;
  end_day: string;
  top_n: number;
  turnover_centis: number;
  prizes: string;
};

function TournamentsTab() {
  const { t } = useTranslation();
  const can = useCan();
  const list = useQuery({ queryKey: KEYS.tournaments, queryFn: vipApi.tournaments });
  const [editing, setEditing] = useState<Tournament | 'new' | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const [form] = Form.useForm<PeriodForm>();
  const save = useWrite(
    (v: PeriodForm) => {
      const prizes = parsePrizes(v.prizes);
      if (!prizes) throw new Error(t('vipAdmin.prizesInvalid'));
      const body = { ...v, prizes };
      return editing === 'new' || !editing
        ? vipApi.createTournament(body)
        : vipApi.updateTournament(editing.id, body);
    },
    { refresh: KEYS.tournaments, toast: () => t('vipAdmin.saved'), saved: () => setEditing(null) },
  );
  const startEdit = async (p: Tournament | 'new') => {
    setEditing(p);
    if (p === 'new') {
      form.setFieldsValue({
        name: '',
        start_day: utc8Day(1),
        end_day: utc8Day(7),
        top_n: 20,
        turnover_centis: 100,
        prizes: '1 100\n2 50\n3 20',
      });
    } else {
      const detail = await vipApi.tournament(p.id);
      form.setFieldsValue({
        ...p,
        prizes: detail.prizes.map((x) => `${x.rank} ${x.amount}`).join('\n'),
      });
    }
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Button
        type="primary"
        disabled={!can('POST /api/admin/vip/tournaments')}
        onClick={() => void startEdit('new')}
      >
        {t('vipAdmin.create')}
      </Button>
      <QueryTable<Tournament>
        query={list}
        columns={[
          { title: 'ID', dataIndex: 'id' },
          { title: t('vipAdmin.name'), dataIndex: 'name' },
          { title: t('vipAdmin.start'), dataIndex: 'start_day' },
          { title: t('vipAdmin.end'), dataIndex: 'end_day' },
          { title: t('vipAdmin.topN'), dataIndex: 'top_n' },
          {
            title: t('vipAdmin.statusTitle'),
            dataIndex: 'status',
            render: (s: number) => <Tag color={s === 2 ? 'green' : 'blue'}>{t(`vipAdmin.status.${s}`)}</Tag>,
          },
          {
            title: t('vipAdmin.paidAt'),
            dataIndex: 'paid_at',
            render: (v: string | null) => (v ? fmtTime(v) : '-'),
          },
          {
            key: 'actions',
            render: (_, p) => (
              <Space>
                <Button size="small" onClick={() => setOpen(p.id)}>
                  {t('vipAdmin.detail')}
                </Button>
                <Button
                  size="small"
                  disabled={
                    !can('POST /api/admin/vip/tournaments/:id') || p.status !== 1 || p.start_day <= utc8Day()
                  }
                  onClick={() => void startEdit(p)}
                >
                  {t('vipAdmin.edit')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('vipAdmin.create') : t('vipAdmin.edit')}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        confirmLoading={save.isPending}
      >
        <Form form={form} layout="vertical" onFinish={(v) => save.mutate(v)}>
          <TextField name="name" label={t('vipAdmin.name')} rules={[{ required: true }]} maxLength={64} />
          <Space>
            <TextField
              name="start_day"
              label={t('vipAdmin.start')}
              rules={[{ required: true }]}
              placeholder="YYYY-MM-DD"
            />
            <TextField
              name="end_day"
              label={t('vipAdmin.end')}
              rules={[{ required: true }]}
              placeholder="YYYY-MM-DD"
            />
          </Space>
          <Space>
            <NumberField name="top_n" label={t('vipAdmin.topN')} min={1} max={100} />
            <NumberField name="turnover_centis" label={t('vipAdmin.turnover')} min={0} max={10_000} />
          </Space>
          <Form.Item name="prizes" label={t('vipAdmin.prizes')}>
            <Input.TextArea rows={5} />
          </Form.Item>
        </Form>
      </Modal>
      <TournamentDrawer id={open} onClose={() => setOpen(null)} />
    </Space>
  );
}

function TournamentDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const can = useCan();
  const detail = useQuery({
    queryKey: [...KEYS.tournaments, id],
    queryFn: () => vipApi.tournament(id!),
    enabled: id !== null,
  });
  const pay = useWrite(() => vipApi.payTournament(id!), {
    refresh: KEYS.tournaments,
    toast: (r) => t('vipAdmin.paid', { paid: r.paid }),
  });
  const d = detail.data;
  return (
    <Drawer open={id !== null} onClose={onClose} width={720} title={d?.period.name}>
      {d && (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Descriptions size="small" column={2}>
            <Descriptions.Item label={t('vipAdmin.start')}>{d.period.start_day}</Descriptions.Item>
            <Descriptions.Item label={t('vipAdmin.end')}>{d.period.end_day}</Descriptions.Item>
            <Descriptions.Item label={t('vipAdmin.statusTitle')}>
              {t(`vipAdmin.status.${d.period.status}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('vipAdmin.turnover')}>{d.period.turnover_centis}</Descriptions.Item>
          </Descriptions>
          <Button
            type="primary"
            disabled={!can('POST /api/admin/vip/tournaments/:id/pay') || d.period.end_day >= utc8Day()}
            loading={pay.isPending}
            onClick={() => pay.mutate()}
          >
            {t('vipAdmin.pay')}
          </Button>
          <RankCard
            title={t('vipAdmin.prizesTitle')}
            rows={d.prizes}
            columns={[{ title: 'USDT', dataIndex: 'amount' }]}
          />
          <RankCard
            title={t('vipAdmin.standings')}
            rows={d.standings}
            columns={[
              { title: t('vipAdmin.player'), render: (_, s) => `${s.name} (#${s.player_id})` },
              { title: t('vipAdmin.score'), dataIndex: 'score' },
            ]}
          />
          <RankCard
            title={t('vipAdmin.payouts')}
            rows={d.payouts}
            columns={[
              { title: t('vipAdmin.player'), dataIndex: 'player_id' },
              { title: t('vipAdmin.score'), dataIndex: 'score' },
              { title: 'USDT', dataIndex: 'amount' },
              {
                title: t('vipAdmin.statusTitle'),
                dataIndex: 'status',
                render: (s: number) => t(`vipAdmin.payState.${s}`),
              },
              {
                title: t('vipAdmin.paidAt'),
                dataIndex: 'paid_at',
                render: (v: string | null) => (v ? fmtTime(v) : '-'),
              },
            ]}
          />
        </Space>
      )}
    </Drawer>
  );
}

/** A small table of a tournament ranked by place: the place first, then `columns`. */
function RankCard<R extends { rank: number }>({
  title,
  rows,
  columns,
}: {
  title: string;
  rows: R[];
  columns: TableColumnsType<R>;
}) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={title}>
      <Table<R>
        rowKey="rank"
        size="small"
        pagination={false}
        dataSource={rows}
        columns={[{ title: t('vipAdmin.rank'), dataIndex: 'rank' }, ...columns]}
      />
    </Card>
  );
}
