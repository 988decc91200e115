import { describe, expect, it, vi } from 'vitest';
import { readEventStream } from '../../../lib/eventStream';
import { readBalanceEvents } from './balanceEvents';

// The stream itself (fetch, chunks, refusals) is lib/eventStream.test.ts's; here only what balance adds.
vi.mock('../../../lib/eventStream', () => ({ readEventStream: vi.fn(async () => undefined) }));

describe("the player's own events", () => {
  it("reads the player's own stream and calls the handler each event names, nothing for others", async () => {
    const on = { balance: vi.fn(), notification: vi.fn() };
    const signal = new AbortController().signal;
    await readBalanceEvents('tok', on, signal);
    const [url, token, onEvent, passed] = vi.mocked(readEventStream).mock.lastCall!;
    expect([url, token, passed]).toEqual(['/api/plat/events', 'tok', signal]);
    onEvent('other', '{}');
    expect(on.balance).not.toHaveBeenCalled();
    expect(on.notification).not.toHaveBeenCalled();
    onEvent('balance', '{}');
    onEvent('balance', undefined);
    expect(on.balance).toHaveBeenCalledTimes(2);
    onEvent('notification', '{}');
    expect(on.notification).toHaveBeenCalledTimes(1);
    expect(on.balance).toHaveBeenCalledTimes(2);
  });

  it('hands the stream its open handler, so a change said before the stream opened is read then', async () => {
    const on = { balance: vi.fn(), open: vi.fn() };
    await readBalanceEvents('tok', on, new AbortController().signal);
    const onOpen = vi.mocked(readEventStream).mock.calls.at(-1)![4];
    expect(onOpen).toBe(on.open);
  });
});
