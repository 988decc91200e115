import { describe, expect, it } from 'vitest';
import { AdvisoryLock } from './locks';

describe('advisory lock registry', () => {
  const ids = Object.values(AdvisoryLock);

  it('gives every purpose its own id', () => {
    const seen = new Map<number, string>();
    for (const [name, id] of Object.entries(AdvisoryLock)) {
      expect(seen.get(id), `${name} reuses the id of ${seen.get(id)}`).toBeUndefined();
      seen.set(id, name);
    }
  });

  it('fits the 32-bit key of the pair form and stays far above any provider id', () => {
    // The providers' round lock uses (provider id, round hash) in the same key space as the classes here.
    for (const id of ids) {
      expect(Number.isInteger(id)).toBe(true);
      expect(id).toBeGreaterThan(1_000_000);
      expect(id).toBeLessThanOrEqual(2 ** 31 - 1);
    }
  });
});
