import type { AgentTier } from '@koi/contract';

/*
 * The worked example on promote, computed with the operator's own tier table the way the server computes a
 * day (apps/server/src/modules/agents/commission.ts): A invites B and E, B invites C, C invites D; each
 * agent's team excludes their own bets, their tier comes from their team valid bets, and each pays the
 * differential on what their direct downlines earn. Integer micro-USDT, products floored.
 */

const MICRO = 1_000_000n;
const toMicro = (usdt: string) => {
  const [whole, fraction = ''] = usdt.split('.');
  return BigInt(whole!) * MICRO + BigInt((fraction + '000000').slice(0, 6));
};
const fmt = (micro: bigint) => {
  const whole = micro / MICRO;
  const fraction = (micro % MICRO).toString().padStart(6, '0').slice(0, 2);
  return `${whole}.${fraction}`;
};

export const EXAMPLE_CATEGORY = 5;
export const EXAMPLE_BETS = { B: '3000', C: '1000', D: '2000', E: '500' } as const;

export interface ExampleRow {
  name: 'A' | 'B' | 'C';
  team: string;
  rate: string;
  commission: string;
}

export function workedExample(tiers: readonly AgentTier[]): { rows: ExampleRow[]; total: string } {
  const rateOf = (team: bigint): bigint => {
    let best: AgentTier | null = null;
    for (const tier of tiers) {
      if (
        team >= toMicro(tier.min_team_valid) &&
        (!best || toMicro(tier.min_team_valid) >= toMicro(best.min_team_valid))
      ) {
        best = tier;
      }
    }
    const rate = best?.rates.find((r) => r.game_type_id === EXAMPLE_CATEGORY)?.rate ?? '0';
    return toMicro(rate);
  };
  const part = (amount: bigint, ratePpm: bigint) => (amount * ratePpm) / MICRO;
  const bets = Object.fromEntries(Object.entries(EXAMPLE_BETS).map(([k, v]) => [k, toMicro(v)])) as Record<
    keyof typeof EXAMPLE_BETS,
    bigint
  >;
  const teamC = bets.D;
  const teamB = bets.C + teamC;
  const teamA = bets.B + teamB + bets.E;
  const rC = rateOf(teamC);
  const rB = rateOf(teamB);
  const rA = rateOf(teamA);
  const rD = rateOf(0n);
  const rE = rateOf(0n);
  const floor0 = (x: bigint) => (x > 0n ? x : 0n);
  const cC = floor0(part(bets.D, rC) - part(0n, rD));
  const cB = floor0(part(bets.C + teamC, rB) - part(teamC, rC));
  const cA = floor0(part(bets.B + teamB, rA) - part(teamB, rB) + part(bets.E, rA) - part(0n, rE));
  const pct = (ppm: bigint) => `${Number(ppm) / 10_000}%`;
  return {
    rows: [
      { name: 'A', team: fmt(teamA), rate: pct(rA), commission: fmt(cA) },
      { name: 'B', team: fmt(teamB), rate: pct(rB), commission: fmt(cB) },
      { name: 'C', team: fmt(teamC), rate: pct(rC), commission: fmt(cC) },
    ],
    total: fmt(cA + cB + cC),
  };
}
