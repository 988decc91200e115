import { Alert, Button, Space, Tag, Tooltip, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { timeCell } from '../../components/columns';
import { Page } from '../../components/Page';
import { QueryTable } from '../../components/QueryTable';
import { fmtTime } from '../../components/ui';
import { adminApi, type WatcherStatus } from '../../lib/api';
import { chainColumn } from './shared';

type Row = WatcherStatus['data'][number];

/** Lag above this many watch intervals reads as behind (amber); with errors, red. */
const LAG_WARN_INTERVALS = 10;

/**
 * 监听状态: the chain watcher's position per receiving address (TronGrid min_timestamp cursor), when it last
 * polled and succeeded, how far behind it is, and its last error. Refreshes every 5 seconds.
 */
export function WatcherPage() {
  const { t } = useTranslation();
  const status = useQuery({
    queryKey: ['admin', 'watcher'],
    queryFn: adminApi.watcher,
    refetchInterval: 5000,
  });
  const d = status.data;
  const warnAfter = d ? Math.max(30, Math.round((d.interval_ms * LAG_WARN_INTERVALS) / 1000)) : 30;
  const lag = (r: Row) => {
    if (r.lag_seconds === null) return <Tag>{t('deposits.neverPolled')}</Tag>;
    const color = r.failures > 0 ? 'red' : r.lag_seconds > warnAfter ? 'gold' : 'green';
    return <Tag color={color}>{t('deposits.seconds', { n: r.lag_seconds })}</Tag>;
  };
  return (
    <Page
      title={t('menu.watcher')}
      hint={d && t('deposits.watcherHint', { ms: d.interval_ms, at: fmtTime(d.checked_at) })}
      extra={
        <Button icon={<ReloadOutlined />} loading={status.isFetching} onClick={() => status.refetch()}>
          {t('deposits.refresh')}
        </Button>
      }
    >
      {d && !d.running && <Alert type="warning" showIcon message={t('deposits.watcherOff')} />}
      <QueryTable<Row>
        query={status}
        rowKey="address"
        size="large"
        // It refreshes every 5 seconds; greying the table each time would make it flicker.
        loading={false}
        columns={[
          chainColumn(t('deposits.address'), 'address'),
          {
            title: t('deposits.status'),
            dataIndex: 'enabled',
            render: (on: boolean) =>
              on ? (
                <Tag color="green">{t('deposits.enabled')}</Tag>
              ) : (
                <Tag>{t('deposits.disabledWatched')}</Tag>
              ),
          },
          {
            title: t('deposits.cursor'),
            render: (_, r) => (
              <Space direction="vertical" size={0}>
                <span>{fmtTime(r.min_timestamp)}</span>
                {r.fingerprint && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('deposits.midListing')}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
          { title: t('deposits.lastBlock'), dataIndex: 'last_block_time', render: timeCell },
          { title: t('deposits.lastPoll'), dataIndex: 'last_polled_at', render: timeCell },
          { title: t('deposits.lastSuccess'), dataIndex: 'last_success_at', render: timeCell },
          { title: t('deposits.lag'), render: (_, r) => lag(r) },
          { title: t('deposits.failures'), dataIndex: 'failures', align: 'right' },
          {
            title: t('deposits.lastError'),
            render: (_, r) =>
              r.last_error ? (
                <Tooltip
                  title={
                    r.backoff_until ? t('deposits.backoffUntil', { at: fmtTime(r.backoff_until) }) : undefined
                  }
                >
                  <Typography.Text type="danger">{r.last_error}</Typography.Text>
                </Tooltip>
              ) : (
                '—'
              ),
          },
        ]}
      />
    </Page>
  );
}
