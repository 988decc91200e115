import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { RedPacketSignal } from '@koi/contract';
import { readEventStream } from '../../../lib/eventStream';
import { useAuthStore } from '../../../stores/auth';
import { feedKeys } from './feed';
import { packetKeys } from './packet';

const RECONNECT_MIN_MS = 2_000;
const RECONNECT_MAX_MS = 30_000;

/**
 * Reads the room's topic on the events stream (`GET /api/plat/events?topic=redpacket.room.<id>`, the same
 * stream as the balance signals) and calls `onSignal` for each `event: redpacket`. Resolves when the stream
 * ends.
 */
export function readRoomEvents(
  token: string,
  roomId: number,
  onOpen: () => void,
  onSignal: (signal: RedPacketSignal) => void,
  abort: AbortSignal,
) {
  return readEventStream(
    `/api/plat/events?topic=redpacket.room.${roomId}`,
    token,
    (name, data) => {
      if (name !== 'redpacket' || !data) return;
      try {
        onSignal(JSON.parse(data) as RedPacketSignal);
      } catch {
        // A malformed event is skipped; the next one or the poll brings the room up to date.
      }
    },
    abort,
    onOpen,
  );
}

/**
 * While the room is open on screen: refetches the room's feed (and the packet named) on every signal, and
 * says whether the stream is connected. The feed's slow poll covers the time the stream is down.
 */
export function useRoomEvents(roomId: number | null): { live: boolean } {
  const token = useAuthStore((s) => s.token);
  const client = useQueryClient();
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (!token || roomId === null) return;
    const controller = new AbortController();
    let delay = RECONNECT_MIN_MS;
    void (async () => {
      while (!controller.signal.aborted) {
        try {
          await readRoomEvents(
            token,
            roomId,
            () => {
              setLive(true);
              delay = RECONNECT_MIN_MS;
              // Whatever happened while the stream was down is read once now.
              void client.invalidateQueries({ queryKey: feedKeys.room(roomId) });
            },
            (signal) => {
              void client.invalidateQueries({ queryKey: feedKeys.room(signal.room_id) });
              void client.invalidateQueries({ queryKey: packetKeys.one(signal.packet_id) });
            },
            controller.signal,
          );
        } catch {
          // Dropped or refused: the poll covers the gap; retry below.
        }
        setLive(false);
        if (controller.signal.aborted) return;
        await new Promise((r) => setTimeout(r, delay));
        delay = Math.min(delay * 2, RECONNECT_MAX_MS);
      }
    })();
    return () => controller.abort();
  }, [token, roomId, client]);
  return { live };
}
