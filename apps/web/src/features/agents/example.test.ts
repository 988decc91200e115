import { describe, expect, it } from 'vitest';
import { workedExample } from './example';

const tier = (level: number, min: string, slots: string) => ({
  level,
  min_team_valid: min,
  rates: [1, 2, 3, 4, 5, 6, 7].map((c) => ({ game_type_id: c, rate: c === 5 ? slots : '0' })),
});

describe('the worked example on promote', () => {
  it('computes the same differential as the server for the operator’s tier table', () => {
    // 0.2 % from 0, 0.5 % from 1,000, 1 % from 5,000 (the server's 4-level test uses the same table).
    const example = workedExample([tier(1, '0', '0.002'), tier(2, '1000', '0.005'), tier(3, '5000', '0.01')]);
    expect(example.rows).toEqual([
      // A: 6,500 × 1 % − 3,000 × 0.5 % = 50; B: 3,000 × 0.5 % − 2,000 × 0.5 % = 5; C: 2,000 × 0.5 % = 10.
      { name: 'A', team: '6500.00', rate: '1%', commission: '50.00' },
      { name: 'B', team: '3000.00', rate: '0.5%', commission: '5.00' },
      { name: 'C', team: '2000.00', rate: '0.5%', commission: '10.00' },
    ]);
    expect(example.total).toBe('65.00');
  });

  it('never shows a negative commission when a downline earns a higher rate', () => {
    // Rates that fall as levels rise: A (level 3) earns less per stake than B (level 2).
    const example = workedExample([tier(1, '0', '0.002'), tier(2, '1000', '0.02'), tier(3, '5000', '0.001')]);
    expect(example.rows[0]).toMatchObject({ name: 'A', commission: '0.00' });
  });
});
