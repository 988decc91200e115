import { Space, Tag, Tooltip } from 'antd';
import { CheckCircleOutlined, WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { moneyColumn, PlayerLink, timeCell } from '../../components/columns';
import { Page } from '../../components/Page';
import { QueryTable, useSearchList } from '../../components/QueryTable';
import { SearchForm, TextFilter, type TimeRange } from '../../components/SearchForm';
import { fmtTime } from '../../components/ui';
import { adminApi, type ChainTransfer } from '../../lib/api';
import { chainColumn, StateFilter, StateTag } from './shared';

type Filters = { status: string; address?: string; from_address?: string; tx_id?: string; range?: TimeRange };

/**
 * 链上转账: every TRC20 transfer the watcher recorded, with its confirmation, whether it is the official USDT
 * contract, and what became of it (credited to an order, in the unmatched queue, or a look-alike token).
 */
export function ChainTransfersPage() {
  const { t } = useTranslation();
  const list = useSearchList<Filters, ChainTransfer>(
    'chain-transfers',
    { status: '' },
    adminApi.chainTransfers,
  );
  return (
    <Page title={t('menu.chainTransfers')} hint={t('deposits.transfersHint')}>
      <SearchForm<Filters>
        name="transfer-filters"
        initialValues={list.filters}
        onSearch={list.search}
        timeRange
      >
        <StateFilter states={['seen', 'credited', 'unmatched', 'foreign_token']} width={140} />
        <TextFilter name="address" placeholder={t('deposits.toAddress')} width={200} />
        <TextFilter name="from_address" placeholder={t('deposits.fromAddress')} width={200} />
        <TextFilter name="tx_id" placeholder={t('deposits.txId')} width={200} />
      </SearchForm>
      <QueryTable<ChainTransfer>
        list={list}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('deposits.blockTime'), dataIndex: 'block_time', render: timeCell },
          chainColumn(t('deposits.txId'), 'tx_id', { short: true }),
          {
            title: t('deposits.token'),
            render: (_, r) =>
              r.official_token ? (
                <Tag color="green">USDT</Tag>
              ) : (
                <Tooltip title={r.token_contract}>
                  <Tag color="red" icon={<WarningOutlined />}>
                    {`${r.token_symbol} · ${t('deposits.lookalike')}`}
                  </Tag>
                </Tooltip>
              ),
          },
          chainColumn(t('deposits.fromAddress'), 'from_address', { short: true }),
          chainColumn(t('deposits.toAddress'), 'to_address', { short: true }),
          moneyColumn(t('deposits.amount'), 'amount'),
          {
            title: t('deposits.confirmation'),
            render: (_, r) =>
              r.confirmed ? (
                <Tooltip title={fmtTime(r.confirmed_at)}>
                  <Tag color="green" icon={<CheckCircleOutlined />}>
                    {t('deposits.confirmed')}
                  </Tag>
                </Tooltip>
              ) : (
                <Tag>{t('deposits.unconfirmed')}</Tag>
              ),
          },
          {
            title: t('deposits.matchState'),
            render: (_, r) => (
              <Space size={4} wrap>
                <StateTag state={r.status} />
                {r.unmatched_status && (
                  <Link to="/deposits/unmatched">
                    <StateTag state={r.unmatched_status} />
                  </Link>
                )}
              </Space>
            ),
          },
          { title: t('deposits.orderNo'), dataIndex: 'order_no', render: (v: string | null) => v ?? '—' },
          {
            title: t('deposits.creditedTo'),
            render: (_, r) =>
              r.player_id === null ? (
                '—'
              ) : (
                <PlayerLink player={{ id: r.player_id, username: r.username ?? '' }} />
              ),
          },
        ]}
      />
    </Page>
  );
}
