import type { ReactNode } from 'react';
import { Card, Col, Descriptions, Row, Space, Statistic, Table, Tag, Typography } from 'antd';
import type { AdminWithdrawal } from '@koi/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { moneyColumn } from '../../components/columns';
import { FlagTags } from './parts';

type RecentGame = AdminWithdrawal['context']['recent_games'][number];

/** Colours of a context figure: good or bad for paying this withdrawal out. */
const GOOD = '#3f8600';
const BAD = '#cf1322';
const isZero = (amount: string) => /^0(\.0*)?$/.test(amount);

/** One figure of the player's context in a small card a quarter of the row wide, with any note under it. */
function Figure({
  title,
  value,
  suffix,
  color,
  children,
}: {
  title: string;
  value: string;
  suffix?: string;
  color?: string;
  children?: ReactNode;
}) {
  return (
    <Col span={6}>
      <Card size="small">
        <Statistic title={title} value={value} suffix={suffix} valueStyle={color ? { color } : undefined} />
        {children}
      </Card>
    </Col>
  );
}

/** The risk panel: the player's figures and flags that decide whether this withdrawal is paid out. */
export function RiskPanel({ w }: { w: AdminWithdrawal }) {
  const { t } = useTranslation();
  const c = w.context;
  const turnoverMet = isZero(c.turnover_remaining);
  const players = (ids: number[]) =>
    ids.length === 0 ? (
      <Tag color="green">{t('withdrawals.none')}</Tag>
    ) : (
      <Space size={[4, 4]} wrap>
        {ids.map((pid) => (
          <Link key={pid} to={`/players/${pid}`}>
            <Tag color="red">#{pid}</Tag>
          </Link>
        ))}
      </Space>
    );
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('withdrawals.contextTitle')}
      </Typography.Title>
      <Row gutter={12}>
        <Figure title={t('withdrawals.deposits')} value={c.deposits} suffix="USDT" />
        <Figure
          title={t('withdrawals.withdrawn')}
          value={c.withdrawn}
          suffix="USDT"
          color={c.flags.includes('withdraws_more_than_deposited') ? BAD : undefined}
        >
          <Typography.Text type="secondary" data-testid="context-withdrawing">
            {t('withdrawals.withdrawing', { amount: c.withdrawing })}
          </Typography.Text>
        </Figure>
        <Figure
          title={t('withdrawals.weekProfit')}
          value={c.week_bets.profit}
          suffix="USDT"
          // The player's win is the platform's loss: red when the player is up, green when down.
          color={isZero(c.week_bets.profit) ? undefined : c.week_bets.profit.startsWith('-') ? GOOD : BAD}
        />
        <Figure
          title={t('withdrawals.turnover')}
          value={turnoverMet ? t('withdrawals.turnoverMet') : c.turnover_remaining}
          suffix={turnoverMet ? undefined : 'USDT'}
          color={turnoverMet ? GOOD : BAD}
        />
      </Row>
      <Descriptions bordered size="small" column={2}>
        <Descriptions.Item label={t('withdrawals.flags')} span={2}>
          <FlagTags flags={c.flags} />
        </Descriptions.Item>
        <Descriptions.Item label={t('withdrawals.history')}>
          {t('withdrawals.historyText', { previous: c.previous_withdrawals, open: c.open_withdrawals })}
        </Descriptions.Item>
        <Descriptions.Item label={t('withdrawals.weekBets')}>
          {t('withdrawals.weekBetsText', {
            count: c.week_bets.bet_count,
            stake: c.week_bets.stake,
            payout: c.week_bets.payout,
          })}
        </Descriptions.Item>
        <Descriptions.Item label={t('withdrawals.sameAddress')}>{players(c.other_players)}</Descriptions.Item>
        <Descriptions.Item label={t('withdrawals.sameDevice')}>
          {players(c.same_device_players)}
        </Descriptions.Item>
      </Descriptions>
      <Table<RecentGame>
        size="small"
        rowKey={(g) => `${g.plat_name}:${g.game_name}`}
        title={() => t('withdrawals.recentGames')}
        pagination={false}
        dataSource={c.recent_games}
        locale={{ emptyText: t('withdrawals.noBets') }}
        columns={[
          { title: t('withdrawals.game'), render: (_, g) => `${g.plat_name} · ${g.game_name}` },
          { title: t('withdrawals.betCount'), dataIndex: 'bet_count', align: 'right' },
          moneyColumn(t('withdrawals.stake'), 'stake'),
          moneyColumn(t('withdrawals.profit'), 'profit', { signed: true }),
        ]}
      />
    </Space>
  );
}
