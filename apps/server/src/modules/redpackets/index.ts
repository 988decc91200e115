import { redPacketRoomTopic } from '@koi/contract';
import type { Database } from '../../db/client';
import { AdvisoryLock } from '../../db/locks';
import type { AuditPort } from '../audit';
import type { BalanceHub } from '../events';
import type { KoiModule } from '../module';
import { redPacketsAdminRoutes, redPacketsRoutes } from './redpackets.routes';
import { createRedPacketsService, type RedPacketsDeps, type RedPacketsService } from './redpackets.service';

export type { RedPacketsService } from './redpackets.service';

/** How often the close job looks for packets that are fully grabbed (left by a crash) or expired. */
const CLOSE_EVERY_MS = 2_000;

/**
 * Red packets (decisions 27, 38): rooms, sending, grabbing in arrival order, closing with every movement
 * through the ledger. Each send, grab and close is announced on the events stream's topic of its room, so
 * open /game screens on every node refetch at once.
 */
export function redPacketsModule(
  deps: Omit<RedPacketsDeps, 'db' | 'signal'> & {
    database: Database;
    audit: AuditPort;
    hub: Pick<BalanceHub, 'publishTopic'>;
  },
): KoiModule<RedPacketsService> {
  const service = createRedPacketsService({
    ...deps,
    db: deps.database.db,
    signal: (s) =>
      deps.hub.publishTopic(redPacketRoomTopic(s.roomId), 'redpacket', {
        type: s.type,
        room_id: s.roomId,
        packet_id: s.packetId,
      }),
  });
  return {
    service,
    plugin: async (app) => {
      await app.register(redPacketsRoutes, { service });
      await app.register(redPacketsAdminRoutes, { service, audit: deps.audit });
    },
    jobs: [
      {
        name: 'red-packets-close',
        lockId: AdvisoryLock.JOB_CLOSE_RED_PACKETS,
        everyMs: CLOSE_EVERY_MS,
        run: () => service.closeDue(),
      },
    ],
  };
}
