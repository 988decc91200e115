import type { FastifyInstance } from 'fastify';
import { inoutRecordsRequest, inoutRecordsResult } from '@koi/contract';
import type { TimeRange } from '../../lib/time-range';
import { sessionOf } from '../../plugins/auth';
import { localeOf } from '../../plugins/locale';
import { apiRoutes } from '../../plugins/routes';
import { inoutRecordWire, type DepositsService } from '../deposits';
import type { WithdrawalsService } from './withdrawals.service';
import { withdrawalRecordWire } from './withdrawals.wire';

/**
 * The player's deposit-and-withdrawal records (spec §7): type 1 deposits, type 2 withdrawals, anything else
 * both. Served here because withdrawals sit above deposits: this module may read the deposits' records
 * through their service, while the deposits module knows nothing of withdrawals.
 */
export async function inoutRecordsRoutes(
  app: FastifyInstance,
  opts: { withdrawals: Pick<WithdrawalsService, 'records'>; deposits: Pick<DepositsService, 'records'> },
) {
  const { withdrawals, deposits } = opts;
  const api = apiRoutes(app, { tags: ['充值'] });

  api.player.post(
    '/api/plat/inout-records',
    { summary: '充提记录', body: inoutRecordsRequest, result: inoutRecordsResult },
    async (request) => {
      const q = request.body;
      const locale = localeOf(request);
      const playerId = sessionOf(request).playerId;
      const query = { range: q.range as TimeRange, page: q.page, size: q.size };
      if (q.type === 2) {
        const { rows, total } = await withdrawals.records(playerId, query);
        return {
          list: rows.map((row) => withdrawalRecordWire(row, locale)),
          total,
          page: q.page,
          size: q.size,
        };
      }
      if (q.type === 1) {
        const { rows, total } = await deposits.records(playerId, query);
        return { list: rows.map((row) => inoutRecordWire(row, locale)), total, page: q.page, size: q.size };
      }
      // All: deposits and withdrawals, newest first. Each module pages its own table, so both lists are read
      // from the top down to the end of the requested page and merged here; a player's records of at most 7
      // days are few, so reading page × size rows of each stays small.
      const window = { ...query, page: 1, size: q.page * q.size };
      const [depositRows, withdrawalRows] = await Promise.all([
        deposits.records(playerId, window),
        withdrawals.records(playerId, window),
      ]);
      const list = [
        ...depositRows.rows.map((row) => inoutRecordWire(row, locale)),
        ...withdrawalRows.rows.map((row) => withdrawalRecordWire(row, locale)),
      ]
        .sort(
          (a, b) => b.created_at.localeCompare(a.created_at) || b.type - a.type || b.id.localeCompare(a.id),
        )
        .slice((q.page - 1) * q.size, q.page * q.size);
      return { list, total: depositRows.total + withdrawalRows.total, page: q.page, size: q.size };
    },
  );
}
