import { describe, expect, it, vi } from 'vitest';
import { readEventStream } from '../../../lib/eventStream';
import { readRoomEvents } from './roomEvents';

// The stream itself (fetch, chunks, refusals) is lib/eventStream.test.ts's; here only what the room adds.
vi.mock('../../../lib/eventStream', () => ({ readEventStream: vi.fn(async () => undefined) }));

describe('room events', () => {
  it("reads the room's topic and passes on its red-packet signals, skipping others and malformed ones", async () => {
    const onOpen = vi.fn();
    const onSignal = vi.fn();
    await readRoomEvents('tok', 7, onOpen, onSignal, new AbortController().signal);
    const [url, token, onEvent, , opened] = vi.mocked(readEventStream).mock.calls[0]!;
    expect([url, token, opened]).toEqual(['/api/plat/events?topic=redpacket.room.7', 'tok', onOpen]);
    onEvent('balance', '{}');
    onEvent('redpacket', 'not json');
    onEvent('redpacket', undefined);
    expect(onSignal).not.toHaveBeenCalled();
    onEvent('redpacket', '{"room_id":7,"packet_id":3}');
    expect(onSignal).toHaveBeenCalledWith({ room_id: 7, packet_id: 3 });
  });
});
