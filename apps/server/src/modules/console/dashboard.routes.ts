import { adminDashboardResult } from '@koi/contract';
import { formatMicro, TransferCode } from '@koi/ledger';
import { type ApiRoutes, routesPlugin } from '../../plugins/routes';
import type { Clock } from '../../lib/clock';
import { DAY_MS, REPORT_UTC_OFFSET_MS, reportDay, startOfReportDay } from '../../lib/time-range';
import { ANY_OPERATOR } from '../../plugins/console';
import type { AuditLog } from '../audit';
import type { PlayersAdmin } from '../auth';
import type { WalletAdmin } from '../wallet';

const DAYS = 7;

/**
 * The console's first screen: registrations and money per report day (UTC+8) for the last seven days, what
 * waits for review, and the last ledger check. Money comes from posted ledger transfers by code: deposits,
 * withdrawals, stakes (bets), and GGR = stakes − wins − rollbacks.
 */
function dashboardApi(
  api: ApiRoutes,
  opts: {
    clock: Clock;
    players: Pick<PlayersAdmin, 'registrationsByDay' | 'playerCounts'>;
    ledger: Pick<
      WalletAdmin,
      'dailyTotals' | 'pendingWithdrawals' | 'pendingDeposits' | 'pendingAdjustments'
    >;
    audit: Pick<AuditLog, 'latest'>;
  },
) {
  const { clock, players, ledger, audit } = opts;

  api.console(ANY_OPERATOR).get(
    '/api/admin/dashboard',
    {
      summary: '概览：注册、充值、提现、投注、GGR（今日与近7日）、待审核、最近一次账本校验',
      result: adminDashboardResult,
    },
    async () => {
      const now = clock.now();
      const from = new Date(startOfReportDay(now.getTime()) - (DAYS - 1) * DAY_MS);
      const [
        registrations,
        money,
        counts,
        pendingWithdrawals,
        pendingDeposits,
        pendingAdjustments,
        lastCheck,
      ] = await Promise.all([
        players.registrationsByDay(from, REPORT_UTC_OFFSET_MS),
        ledger.dailyTotals(from, REPORT_UTC_OFFSET_MS),
        players.playerCounts(),
        ledger.pendingWithdrawals(),
        ledger.pendingDeposits(),
        ledger.pendingAdjustments(),
        audit.latest('ledger.verify'),
      ]);
      const sum = (day: string, code: number) =>
        money.filter((m) => m.day === day && m.code === code).reduce((a, m) => a + m.amountMicro, 0n);
      const series = Array.from({ length: DAYS }, (_, i) => {
        const day = reportDay(new Date(from.getTime() + i * DAY_MS));
        const bets = sum(day, TransferCode.BET);
        const ggr = bets - sum(day, TransferCode.WIN) - sum(day, TransferCode.ROLLBACK);
        return {
          date: day,
          registrations: registrations.find((x) => x.day === day)?.n ?? 0,
          deposits: formatMicro(sum(day, TransferCode.DEPOSIT)),
          withdrawals: formatMicro(sum(day, TransferCode.WITHDRAWAL)),
          bets: formatMicro(bets),
          ggr: formatMicro(ggr),
        };
      });
      const check = lastCheck?.after
        ? (JSON.parse(lastCheck.after) as { ok: boolean; violations: number })
        : null;
      return {
        today: series.at(-1)!,
        last_7_days: series,
        pending: {
          adjustments: pendingAdjustments,
          withdrawals: pendingWithdrawals,
          deposits: pendingDeposits,
        },
        last_ledger_check:
          lastCheck && check
            ? {
                at: lastCheck.at.toISOString(),
                ok: check.ok,
                by: lastCheck.operatorUsername,
                violations: check.violations,
              }
            : null,
        players: counts,
      };
    },
  );
}

export const dashboardRoutes = routesPlugin(['后台：概览'], dashboardApi);
