import {
  App,
  Card,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Switch,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminGameRow, AdminProviderRow } from '@koi/contract';
import { useTranslation } from 'react-i18next';
import { useReasonPrompt } from '../components/ReasonPrompt';
import { SearchForm, useSearchState } from '../components/SearchForm';
import { QueryError } from '../components/ui';
import { adminApi } from '../lib/api';
import { useCan } from '../lib/permissions';

const STATUSES = [1, 2, 3, 4] as const;
type Filters = { keyword?: string; status?: number; plat_type?: number };

/**
 * Games and providers. Hiding a game or a provider, or changing a game's status, changes what every player
 * sees at once, so it asks why; the hot flag and sort order are cosmetic and save directly.
 */
export function GamesPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const queryClient = useQueryClient();
  const [ask, holder] = useReasonPrompt();
  const view = useSearchState<Filters>({});
  const { filters, page } = view;
  const params = { ...filters, keyword: filters.keyword?.trim(), ...page };
  const games = useQuery({
    queryKey: ['admin', 'games', params],
    queryFn: () => adminApi.games(params),
    placeholderData: keepPreviousData,
  });
  const providers = useQuery({ queryKey: ['admin', 'providers'], queryFn: adminApi.providers });
  const mayGame = can('POST /api/admin/games/:id');
  const mayProvider = can('POST /api/admin/providers/:id');
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin'] });

  const saveGame = async (id: number, body: Parameters<typeof adminApi.updateGame>[1]) => {
    try {
      await adminApi.updateGame(id, body);
      await refresh();
    } catch (e) {
      message.error((e as Error).message);
    }
  };
  const withReason = (title: string, run: (reason: string) => Promise<unknown>) =>
    ask({
      title,
      run: async (reason) => {
        await run(reason);
        await refresh();
      },
    });

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('menu.games')}
      </Typography.Title>
      <Tabs
        items={[
          {
            key: 'games',
            label: t('games.games'),
            children: (
              <>
                <Card>
                  <SearchForm<Filters>
                    name="game-filters"
                    style={{ marginBottom: 16 }}
                    onSearch={view.search}
                  >
                    <Form.Item name="keyword">
                      <Input allowClear placeholder={t('games.keyword')} style={{ width: 200 }} />
                    </Form.Item>
                    <Form.Item name="plat_type">
                      <Select
                        allowClear
                        placeholder={t('games.platform')}
                        style={{ width: 160 }}
                        options={providers.data?.map((p) => ({ value: p.id, label: p.name }))}
                      />
                    </Form.Item>
                    <Form.Item name="status">
                      <Select
                        allowClear
                        placeholder={t('games.status')}
                        style={{ width: 140 }}
                        options={STATUSES.map((s) => ({ value: s, label: t(`games.statuses.${s}`) }))}
                      />
                    </Form.Item>
                  </SearchForm>
                  <QueryError error={games.error} />
                  <Table<AdminGameRow>
                    rowKey="id"
                    size="small"
                    loading={games.isFetching}
                    dataSource={games.data?.data}
                    pagination={view.pagination(games.data?.total)}
                    columns={[
                      { title: 'ID', dataIndex: 'id', width: 60 },
                      {
                        title: t('games.name'),
                        render: (_, r) => (
                          <Space>
                            {r.image && (
                              <img
                                src={r.image}
                                alt=""
                                width={32}
                                height={32}
                                style={{ borderRadius: 4, objectFit: 'cover' }}
                              />
                            )}
                            <span>{r.name_zh}</span>
                            <Typography.Text type="secondary">{r.name_en}</Typography.Text>
                          </Space>
                        ),
                      },
                      { title: t('games.code'), dataIndex: 'game_code' },
                      {
                        title: t('games.platform'),
                        dataIndex: 'plat_type_id',
                        render: (v: number, r) => (
                          <Space size={4}>
                            {providers.data?.find((p) => p.id === v)?.name ?? v}
                            {!r.provider_enabled && <Tag>{t('games.providerOff')}</Tag>}
                          </Space>
                        ),
                      },
                      {
                        title: t('games.enabled'),
                        dataIndex: 'enabled',
                        render: (on: boolean, r) => (
                          <Switch
                            checked={on}
                            disabled={!mayGame}
                            onChange={(next) =>
                              withReason(
                                `${next ? t('games.enable') : t('games.disable')} ${r.name_zh}`,
                                (reason) => adminApi.updateGame(r.id, { enabled: next, reason }),
                              )
                            }
                          />
                        ),
                      },
                      {
                        title: t('games.status'),
                        dataIndex: 'status',
                        render: (s: number, r) => (
                          <Select
                            size="small"
                            value={s}
                            disabled={!mayGame}
                            style={{ width: 120 }}
                            options={STATUSES.map((v) => ({ value: v, label: t(`games.statuses.${v}`) }))}
                            onChange={(next) =>
                              withReason(`${r.name_zh}: ${t(`games.statuses.${next}`)}`, (reason) =>
                                adminApi.updateGame(r.id, { status: next, reason }),
                              )
                            }
                          />
                        ),
                      },
                      {
                        title: t('games.hot'),
                        dataIndex: 'is_hot',
                        render: (on: boolean, r) => (
                          <Switch
                            size="small"
                            checked={on}
                            disabled={!mayGame}
                            onChange={(next) => saveGame(r.id, { is_hot: next })}
                          />
                        ),
                      },
                      {
                        title: t('games.sort'),
                        dataIndex: 'sort',
                        render: (v: number, r) => (
                          <InputNumber
                            key={`${r.id}-${v}`}
                            size="small"
                            min={0}
                            defaultValue={v}
                            disabled={!mayGame}
                            onBlur={(e) => {
                              const next = Number(e.target.value);
                              if (Number.isInteger(next) && next !== v) void saveGame(r.id, { sort: next });
                            }}
                          />
                        ),
                      },
                    ]}
                  />
                </Card>
              </>
            ),
          },
          {
            key: 'providers',
            label: t('games.providers'),
            children: (
              <>
                <Card>
                  <QueryError error={providers.error} />
                  <Table<AdminProviderRow>
                    rowKey="id"
                    size="small"
                    pagination={false}
                    loading={providers.isFetching}
                    dataSource={providers.data}
                    columns={[
                      { title: 'ID', dataIndex: 'id', width: 60 },
                      { title: t('games.code'), dataIndex: 'code' },
                      { title: t('games.name'), dataIndex: 'name' },
                      { title: t('games.walletModel'), dataIndex: 'wallet_model' },
                      { title: t('games.count'), dataIndex: 'game_count' },
                      {
                        title: t('games.enabled'),
                        dataIndex: 'enabled',
                        render: (on: boolean, r) => (
                          <Switch
                            checked={on}
                            disabled={!mayProvider}
                            aria-label={`provider-${r.code}`}
                            onChange={(next) =>
                              withReason(
                                `${next ? t('games.enable') : t('games.disable')} ${r.name}`,
                                (reason) => adminApi.updateProvider(r.id, { enabled: next, reason }),
                              )
                            }
                          />
                        ),
                      },
                      {
                        title: t('games.sort'),
                        dataIndex: 'sort',
                        render: (v: number, r) => (
                          <InputNumber
                            key={`${r.id}-${v}`}
                            size="small"
                            min={0}
                            defaultValue={v}
                            disabled={!mayProvider}
                            onBlur={(e) => {
                              const next = Number(e.target.value);
                              if (Number.isInteger(next) && next !== v)
                                void adminApi
                                  .updateProvider(r.id, { sort: next })
                                  .then(refresh, (err: Error) => message.error(err.message));
                            }}
                          />
                        ),
                      },
                    ]}
                  />
                </Card>
              </>
            ),
          },
        ]}
      />
      {holder}
    </Space>
  );
}
