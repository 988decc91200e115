import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { RedPacketSignal } from '@koi/contract';
import { useAuthStore } from '../../../stores/auth';
import { feedKeys } from './feed';
import { packetKeys } from './packet';

const RECONNECT_MIN_MS = 2_000;
const RECONNECT_MAX_MS = 30_000;

/**
 * Reads the room's topic on the events stream (`GET /api/plat/events?topic=redpacket.room.<id>`, the same
 * Server-Sent Events stream as the balance signals, read with fetch() so the bearer header goes along) and
 * calls `onSignal` for each `event: redpacket`. Resolves when the stream ends.
 */
export async function readRoomEvents(
  token: string,
  roomId: number,
  onOpen: () => void,
  onSignal: (signal: RedPacketSignal) => void,
  abort: AbortSignal,
) {
  const res = await fetch(`/api/plat/events?topic=redpacket.room.${roomId}`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: abort,
  });
  if (!res.ok || !res.body) throw new Error(`events: HTTP ${res.status}`);
  onOpen();
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const lines = buffer.slice(0, end).split('\n');
      buffer = buffer.slice(end + 2);
      if (!lines.includes('event: redpacket')) continue;
      const data = lines.find((l) => l.startsWith('data: '));
      try {
        if (data) onSignal(JSON.parse(data.slice(6)) as RedPacketSignal);
      } catch {
        // A malformed event is skipped; the next one or the poll brings the room up to date.
      }
    }
  }
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
