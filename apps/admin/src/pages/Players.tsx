import { useState } from 'react';
import { Card, DatePicker, Form } from 'antd';
import type { TableProps } from 'antd';
import type { AdminPlayerRow } from '@koi/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { moneyColumn, orDash } from '../components/columns';
import { Page } from '../components/Page';
import { QueryTable, useListQuery } from '../components/QueryTable';
import {
  ChoiceFilter,
  TextFilter,
  SearchForm,
  useSearchState,
  type TimeRange,
} from '../components/SearchForm';
import { fmtTime } from '../components/ui';
import { adminApi } from '../lib/api';
import { PlayerStatusTag } from '../components/PlayerStatusTag';
import { PlayerDrawer } from './PlayerDrawer';

type Sort = 'id' | 'username' | 'created_at' | 'last_login_at';
type Filters = { keyword?: string; status?: number; range?: TimeRange };

/** Players, paged, sorted and filtered on the server; a row opens the detail drawer at /players/:id. */
export function PlayersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams();
  const view = useSearchState<Filters>({});
  const { filters, page } = view;
  const [sort, setSort] = useState<{ sort: Sort; order: 'asc' | 'desc' }>({ sort: 'id', order: 'desc' });
  const params = {
    keyword: filters.keyword?.trim(),
    status: filters.status,
    registered_from: filters.range?.[0]?.startOf('day').toISOString(),
    registered_to: filters.range?.[1]?.endOf('day').toISOString(),
    ...sort,
    ...page,
  };
  const players = useListQuery('players', params, adminApi.players);

  const sortOrder = (key: Sort) =>
    sort.sort === key ? (sort.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null;
  const columns: TableProps<AdminPlayerRow>['columns'] = [
    { title: 'ID', dataIndex: 'id', sorter: true, sortOrder: sortOrder('id'), width: 90 },
    { title: t('players.username'), dataIndex: 'username', sorter: true, sortOrder: sortOrder('username') },
    {
      title: t('players.status'),
      dataIndex: 'status',
      render: (s: number) => <PlayerStatusTag status={s} />,
    },
    moneyColumn(t('players.balance'), 'balance'),
    { title: 'VIP', dataIndex: 'vip_level', width: 70 },
    { title: t('players.inviteCode'), dataIndex: 'invite_code' },
    { title: t('players.inviter'), dataIndex: 'inviter_id', render: orDash },
    {
      title: t('players.registeredAt'),
      dataIndex: 'created_at',
      sorter: true,
      sortOrder: sortOrder('created_at'),
      render: fmtTime,
    },
    {
      title: t('players.lastLogin'),
      dataIndex: 'last_login_at',
      sorter: true,
      sortOrder: sortOrder('last_login_at'),
      render: fmtTime,
    },
    { title: t('players.registerIp'), dataIndex: 'register_ip', render: orDash },
  ];

  return (
    <Page title={t('menu.players')}>
      <Card>
        <SearchForm<Filters> name="player-filters" onSearch={view.search}>
          <TextFilter name="keyword" placeholder={t('players.keyword')} width={240} />
          <ChoiceFilter
            name="status"
            placeholder={t('players.status')}
            width={120}
            options={[
              { value: 1, label: t('players.active') },
              { value: 2, label: t('players.frozen') },
            ]}
          />
          <Form.Item name="range" label={t('players.registeredAt')}>
            <DatePicker.RangePicker />
          </Form.Item>
        </SearchForm>
      </Card>
      <QueryTable<AdminPlayerRow>
        query={players}
        paging={view}
        size="middle"
        columns={columns}
        onRow={(row) => ({ onClick: () => navigate(`/players/${row.id}`), style: { cursor: 'pointer' } })}
        onChange={(_p, _f, sorter) => {
          const one = Array.isArray(sorter) ? sorter[0] : sorter;
          if (one?.order && one.field) {
            setSort({ sort: one.field as Sort, order: one.order === 'ascend' ? 'asc' : 'desc' });
          } else setSort({ sort: 'id', order: 'desc' });
        }}
      />
      {id && <PlayerDrawer id={Number(id)} onClose={() => navigate('/players')} />}
    </Page>
  );
}
