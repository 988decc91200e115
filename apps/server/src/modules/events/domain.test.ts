import { describe, expect, it, vi } from 'vitest';
import { createDomainEvents } from './domain';

describe('domain events', () => {
  it('delivers after the emitter returns, to every subscriber, and stops after unsubscribe', async () => {
    const bus = createDomainEvents({ error: vi.fn() });
    const seen: string[] = [];
    const off = bus.on('player.frozen', (e) => void seen.push(`a${e.playerId}`));
    bus.on('player.frozen', (e) => void seen.push(`b${e.playerId}`));
    bus.emit('player.frozen', { playerId: 7, frozen: true, cause: 'operator' });
    expect(seen).toEqual([]);
    await new Promise((r) => setTimeout(r, 0));
    expect(seen.sort()).toEqual(['a7', 'b7']);
    off();
    bus.emit('player.frozen', { playerId: 8, frozen: false, cause: 'operator' });
    await new Promise((r) => setTimeout(r, 0));
    expect(seen.sort()).toEqual(['a7', 'b7', 'b8']);
  });

  it('logs a failing handler without affecting the others or the emitter', async () => {
    const log = { error: vi.fn() };
    const bus = createDomainEvents(log);
    const ok = vi.fn();
    bus.on('bet.settled', () => {
      throw new Error('boom');
    });
    bus.on('bet.settled', async () => Promise.reject(new Error('later boom')));
    bus.on('bet.settled', ok);
    expect(() => bus.emit('bet.settled', { playerId: 1, providerId: 3, roundId: 'r2' })).not.toThrow();
    await new Promise((r) => setTimeout(r, 0));
    expect(ok).toHaveBeenCalledWith({ playerId: 1, providerId: 3, roundId: 'r2' });
    expect(log.error).toHaveBeenCalledTimes(2);
    expect(log.error.mock.calls[0]?.[0]).toMatchObject({ err: 'boom', event: 'bet.settled' });
  });
});
