import type { z } from 'zod';
import { inoutRecordsRequest, inoutRecordsResult, type inoutRecord } from '@koi/contract';
import { pageSlice } from '../../lib/paging';
import type { TimeRange } from '../../lib/time-range';
import { sessionOf } from '../../plugins/auth';
import { localeOf } from '../../plugins/locale';
import { type ApiRoutes, routesPlugin } from '../../plugins/routes';
import { inoutRecordWire, type DepositsService } from '../deposits';
import { channelRecordWire, type ChannelsService } from '../channels';
import type { WithdrawalsService } from './withdrawals.service';
import { withdrawalRecordWire } from './withdrawals.wire';

type InoutRecord = z.infer<typeof inoutRecord>;
type Query = { range: TimeRange; page: number; size: number };
/** One owner's records of the player, already on the wire: TRC20 deposits, channel deposits, withdrawals. */
type Source = (
  playerId: number,
  query: Query,
  locale: string,
) => Promise<{ list: InoutRecord[]; total: number }>;

/**
 * The player's deposit-and-withdrawal records (spec §7): type 1 deposits (TRC20 and payment channels), type 2
 * withdrawals, anything else all of them. Served here because withdrawals sit above deposits and channels:
 * this module may read their records through their services, while they know nothing of withdrawals.
 */
function inoutRecordsApi(
  api: ApiRoutes,
  opts: {
    withdrawals: Pick<WithdrawalsService, 'records'>;
    deposits: Pick<DepositsService, 'records'>;
    channels: Pick<ChannelsService, 'records'>;
  },
) {
  const { withdrawals, deposits, channels } = opts;

  const source =
    <R>(
      records: (playerId: number, query: Query) => Promise<{ rows: R[]; total: number }>,
      wire: (row: R, locale: string) => InoutRecord,
    ): Source =>
    async (playerId, query, locale) => {
      const { rows, total } = await records(playerId, query);
      return { list: rows.map((row) => wire(row, locale)), total };
    };
  const trc20 = source(deposits.records, inoutRecordWire);
  const channel = source(channels.records, channelRecordWire);
  const withdrawn = source(withdrawals.records, withdrawalRecordWire);

  /** Newest first; records of the same moment in one fixed order (type, then id), so pages never overlap. */
  const newestFirst = (a: InoutRecord, b: InoutRecord) =>
    b.created_at.localeCompare(a.created_at) || b.type - a.type || b.id.localeCompare(a.id);

  /**
   * One page of several owners' records, newest first. Each owner pages its own table, so every list is read
   * from the top down to the end of the requested page and merged here; a player's records of at most 7 days
   * are few, so reading page × size rows of each stays small.
   */
  async function merged(sources: Source[], playerId: number, query: Query, locale: string) {
    if (sources.length === 1) return sources[0]!(playerId, query, locale);
    const window = { ...query, page: 1, size: query.page * query.size };
    const pages = await Promise.all(sources.map((s) => s(playerId, window, locale)));
    const all = pages.flatMap((p) => p.list).sort(newestFirst);
    return { list: pageSlice(all, query), total: pages.reduce((sum, p) => sum + p.total, 0) };
  }

  api.player.post(
    '/api/plat/inout-records',
    { summary: '充提记录', body: inoutRecordsRequest, result: inoutRecordsResult },
    async (request) => {
      const q = request.body;
      const query = { range: q.range as TimeRange, page: q.page, size: q.size };
      const sources =
        q.type === 1 ? [trc20, channel] : q.type === 2 ? [withdrawn] : [trc20, channel, withdrawn];
      const { list, total } = await merged(sources, sessionOf(request).playerId, query, localeOf(request));
      return { list, total, page: q.page, size: q.size };
    },
  );
}

export const inoutRecordsRoutes = routesPlugin(['充值'], inoutRecordsApi);
