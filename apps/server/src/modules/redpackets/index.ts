import { redPacketRoomTopic } from '@koi/contract';
import type { Database } from '../../db/client';
import { AdvisoryLock } from '../../db/locks';
import type { Clock } from '../../lib/clock';
import type { AuditPort } from '../audit';
import type { PlayerDirectory, PlayerGate } from '../auth';
import type { BalanceHub } from '../events';
import type { KoiModule } from '../module';
import { redPacketsAdminRoutes, redPacketsRoutes } from './redpackets.routes';
import { createRedPacketsService, type RedPacketsLedger, type RedPacketsService } from './redpackets.service';

export type { RedPacketsService } from './redpackets.service';

/** How often the close job looks for packets that are fully grabbed (left by a crash) or expired. */
const CLOSE_EVERY_MS = 2_000;

/**
 * Red packets (decisions 27, 38): rooms, sending, grabbing in arrival order, closing with every movement
 * through the ledger. Each send, grab and close is announced on the events stream's topic of its room, so
 * open /game screens on every node refetch at once.
 */
export function redPacketsModule(deps: {
  database: Database;
  clock: Clock;
  wallet: RedPacketsLedger;
  gate: Pick<PlayerGate, 'assertMayPlay'>;
  directory: Pick<PlayerDirectory, 'usernamesOf' | 'playerIdByUsername'>;
  audit: AuditPort;
  hub: Pick<BalanceHub, 'publishTopic'>;
  log: { warn(details: object, message: string): void };
}): KoiModule<RedPacketsService> {
  const service = createRedPacketsService({
    db: deps.database.db,
    clock: deps.clock,
    wallet: deps.wallet,
    gate: deps.gate,
    directory: deps.directory,
    log: deps.log,
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
