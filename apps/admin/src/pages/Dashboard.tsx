import { Button, Card, Col, Row, Space, Statistic, Tag, Typography } from 'antd';
import { CheckCircleOutlined, CloseCircleOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { decimalToMicro, formatMicro } from '@koi/ledger';
import { Chart } from '../components/Chart';
import { QueryError, fmtTime } from '../components/ui';
import { adminApi } from '../lib/api';
import { useCan } from '../lib/permissions';
import { useSendOnce } from '../components/QuickSave';

/** Adds decimal USDT strings exactly (micro-USDT in BigInt), for the 7-day totals under today's numbers. */
export function sumUsdt(values: string[]): string {
  let micro = 0n;
  for (const v of values) micro += decimalToMicro(v.trim()) ?? 0n;
  return formatMicro(micro);
}

/**
 * Today's numbers, the last 7 days as charts, what waits for a decision, and the last ledger check. Money
 * stays a decimal string everywhere except inside the charts, which need numbers to draw bars (display only,
 * never added up or sent back).
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const can = useCan();
  const queryClient = useQueryClient();
  const dashboard = useQuery({ queryKey: ['admin', 'dashboard'], queryFn: adminApi.dashboard });
  const verify = useSendOnce({
    mutationFn: adminApi.verifyLedger,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'dashboard'] }),
  });
  const d = dashboard.data;
  const days = d?.last_7_days ?? [];
  const money = ['deposits', 'withdrawals', 'bets', 'ggr'] as const;
  const check = d?.last_ledger_check;

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('menu.dashboard')}
      </Typography.Title>
      <QueryError error={dashboard.error} />
      <Row gutter={[16, 16]} wrap={false}>
        <Col flex="1 1 0">
          <Card loading={dashboard.isPending}>
            <Statistic title={t('dashboard.registrations')} value={d?.today.registrations ?? 0} />
            <Typography.Text type="secondary">
              {t('dashboard.week', { value: days.reduce((n, p) => n + p.registrations, 0) })}
            </Typography.Text>
          </Card>
        </Col>
        {money.map((key) => (
          <Col flex="1 1 0" key={key}>
            <Card loading={dashboard.isPending}>
              <Statistic title={t(`dashboard.${key}`)} value={d?.today[key] ?? '0'} suffix="USDT" />
              <Typography.Text type="secondary">
                {t('dashboard.week', { value: sumUsdt(days.map((p) => p[key])) })}
              </Typography.Text>
            </Card>
          </Col>
        ))}
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title={t('dashboard.moneyChart')}>
            <Chart
              option={{
                tooltip: { trigger: 'axis' },
                legend: { data: money.map((k) => t(`dashboard.series.${k}`)) },
                grid: { left: 48, right: 16, bottom: 28, top: 40 },
                xAxis: { type: 'category', data: days.map((p) => p.date.slice(5)) },
                yAxis: { type: 'value' },
                series: money.map((k) => ({
                  name: t(`dashboard.series.${k}`),
                  type: k === 'ggr' ? 'line' : 'bar',
                  data: days.map((p) => Number(p[k])),
                })),
              }}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('dashboard.registrationChart')}>
            <Chart
              option={{
                tooltip: { trigger: 'axis' },
                grid: { left: 48, right: 16, bottom: 28, top: 24 },
                xAxis: { type: 'category', data: days.map((p) => p.date.slice(5)) },
                yAxis: { type: 'value', minInterval: 1 },
                series: [
                  {
                    name: t('dashboard.registrations'),
                    type: 'line',
                    areaStyle: {},
                    data: days.map((p) => p.registrations),
                  },
                ],
              }}
            />
          </Card>
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title={t('dashboard.pending')} loading={dashboard.isPending}>
            <Row>
              <Col span={8}>
                <Statistic title={t('dashboard.pendingAdjustments')} value={d?.pending.adjustments ?? 0} />
                {can('GET /api/admin/adjustments') && <Link to="/adjustments">{t('common.open')}</Link>}
              </Col>
              <Col span={8}>
                <Statistic title={t('dashboard.pendingWithdrawals')} value={d?.pending.withdrawals ?? 0} />
              </Col>
              <Col span={8}>
                <Statistic title={t('dashboard.pendingDeposits')} value={d?.pending.deposits ?? 0} />
              </Col>
            </Row>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card
            title={t('dashboard.ledgerCheck')}
            loading={dashboard.isPending}
            extra={
              <Button
                onClick={() => verify.mutate()}
                loading={verify.isPending}
                disabled={!can('POST /api/admin/ledger/verify')}
              >
                {t('ledger.verify')}
              </Button>
            }
          >
            <QueryError error={verify.error} />
            {check ? (
              <Space direction="vertical">
                <Tag
                  icon={check.ok ? <CheckCircleOutlined /> : <CloseCircleOutlined />}
                  color={check.ok ? 'success' : 'error'}
                  data-testid="ledger-check-state"
                >
                  {check.ok ? t('ledger.clean') : t('ledger.violations', { count: check.violations })}
                </Tag>
                <Typography.Text type="secondary">
                  {fmtTime(check.at)} · {check.by ?? t('ledger.bySystem')}
                </Typography.Text>
              </Space>
            ) : (
              <Typography.Text type="secondary">{t('dashboard.neverChecked')}</Typography.Text>
            )}
            <div style={{ marginTop: 12 }}>
              <Typography.Text type="secondary">
                {t('dashboard.players', { total: d?.players.total ?? 0, frozen: d?.players.frozen ?? 0 })}
              </Typography.Text>
            </div>
          </Card>
        </Col>
      </Row>
    </Space>
  );
}
