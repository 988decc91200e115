import { Form, Input, Select, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { SearchForm } from '../../components/SearchForm';
import { QueryError } from '../../components/ui';
import { adminApi, type DepositOrder } from '../../lib/api';
import {
  ChainText,
  type ListFilters,
  moneyCell,
  PageHead,
  PlayerLink,
  StateTag,
  timeCell,
  useFilteredPage,
} from './shared';

/** 充值订单: every USDT-TRC20 order by state, player, order number, address and time, newest first. */
export function DepositOrdersPage() {
  const { t } = useTranslation();
  const { list, filters, search, pagination } = useFilteredPage(
    'deposit-orders',
    { status: '' },
    adminApi.depositOrders,
  );
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <PageHead title={t('menu.depositOrders')} hint={t('deposits.ordersHint')} />
      <SearchForm<ListFilters> name="order-filters" initialValues={filters} onSearch={search} timeRange>
        <Form.Item name="status">
          <Select
            style={{ width: 130 }}
            options={[
              { value: '', label: t('common.all') },
              ...['pending', 'completed', 'expired'].map((s) => ({
                value: s,
                label: t(`deposits.state.${s}`),
              })),
            ]}
          />
        </Form.Item>
        <Form.Item name="player">
          <Input allowClear placeholder={t('deposits.player')} style={{ width: 170 }} />
        </Form.Item>
        <Form.Item name="order_no">
          <Input allowClear placeholder={t('deposits.orderNo')} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="address">
          <Input allowClear placeholder={t('deposits.address')} style={{ width: 200 }} />
        </Form.Item>
      </SearchForm>
      <QueryError error={list.error} />
      <Table<DepositOrder>
        rowKey="id"
        size="small"
        scroll={{ x: 'max-content' }}
        loading={list.isFetching}
        dataSource={list.data?.data}
        pagination={pagination}
        columns={[
          {
            title: t('deposits.orderNo'),
            dataIndex: 'order_no',
            render: (v: string) => <ChainText value={v} />,
          },
          {
            title: t('deposits.player'),
            render: (_, r) => <PlayerLink player={{ id: r.player_id, username: r.username }} />,
          },
          {
            title: t('deposits.amount'),
            dataIndex: 'amount',
            align: 'right',
            render: moneyCell,
          },
          {
            title: t('deposits.actualAmount'),
            dataIndex: 'actual_amount',
            align: 'right',
            render: moneyCell,
          },
          {
            title: t('deposits.address'),
            dataIndex: 'address',
            render: (v: string) => <ChainText value={v} short />,
          },
          { title: t('deposits.status'), dataIndex: 'status', render: (s: string) => <StateTag state={s} /> },
          { title: t('deposits.createdAt'), dataIndex: 'created_at', render: timeCell },
          { title: t('deposits.expiresAt'), dataIndex: 'expires_at', render: timeCell },
          {
            title: t('deposits.txId'),
            dataIndex: 'tx_id',
            render: (v: string | null) => <ChainText value={v} short />,
          },
        ]}
      />
    </Space>
  );
}
