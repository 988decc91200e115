import { describe, expect, it, vi } from 'vitest';
import { readEventStream } from '../../../lib/eventStream';
import { readBalanceEvents } from './balanceEvents';

// The stream itself (fetch, chunks, refusals) is lib/eventStream.test.ts's; here only what balance adds.
vi.mock('../../../lib/eventStream', () => ({ readEventStream: vi.fn(async () => undefined) }));

describe('balance events', () => {
  it("reads the player's own stream and signals only for balance events", async () => {
    const onBalance = vi.fn();
    const signal = new AbortController().signal;
    await readBalanceEvents('tok', onBalance, signal);
    const [url, token, onEvent, passed] = vi.mocked(readEventStream).mock.calls[0]!;
    expect([url, token, passed]).toEqual(['/api/plat/events', 'tok', signal]);
    onEvent('other', '{}');
    expect(onBalance).not.toHaveBeenCalled();
    onEvent('balance', '{}');
    onEvent('balance', undefined);
    expect(onBalance).toHaveBeenCalledTimes(2);
  });
});
