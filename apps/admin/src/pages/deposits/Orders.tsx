import { useTranslation } from 'react-i18next';
import { moneyColumn, playerColumn, timeCell } from '../../components/columns';
import { Page } from '../../components/Page';
import { QueryTable, useSearchList } from '../../components/QueryTable';
import { SearchForm, TextFilter, type TimeRange } from '../../components/SearchForm';
import { adminApi, type DepositOrder } from '../../lib/api';
import { chainColumn, StateFilter, StateTag } from './shared';

type Filters = { status: string; player?: string; order_no?: string; address?: string; range?: TimeRange };

/** 充值订单: every USDT-TRC20 order by state, player, order number, address and time, newest first. */
export function DepositOrdersPage() {
  const { t } = useTranslation();
  const list = useSearchList<Filters, DepositOrder>('deposit-orders', { status: '' }, adminApi.depositOrders);
  return (
    <Page title={t('menu.depositOrders')} hint={t('deposits.ordersHint')}>
      <SearchForm<Filters> name="order-filters" initialValues={list.filters} onSearch={list.search} timeRange>
        <StateFilter states={['pending', 'completed', 'expired']} width={130} />
        <TextFilter name="player" placeholder={t('deposits.player')} width={170} />
        <TextFilter name="order_no" placeholder={t('deposits.orderNo')} width={200} />
        <TextFilter name="address" placeholder={t('deposits.address')} width={200} />
      </SearchForm>
      <QueryTable<DepositOrder>
        list={list}
        scroll={{ x: 'max-content' }}
        columns={[
          chainColumn(t('deposits.orderNo'), 'order_no'),
          playerColumn(t('deposits.player')),
          moneyColumn(t('deposits.amount'), 'amount'),
          moneyColumn(t('deposits.actualAmount'), 'actual_amount'),
          chainColumn(t('deposits.address'), 'address', { short: true }),
          { title: t('deposits.status'), dataIndex: 'status', render: (s: string) => <StateTag state={s} /> },
          { title: t('deposits.createdAt'), dataIndex: 'created_at', render: timeCell },
          { title: t('deposits.expiresAt'), dataIndex: 'expires_at', render: timeCell },
          chainColumn(t('deposits.txId'), 'tx_id', { short: true }),
        ]}
      />
    </Page>
  );
}
