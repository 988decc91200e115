import {
  checkParams,
  diceMultiplier,
  formatRational,
  HOUSE_EDGE_BP_DEFAULT,
  type DiceDirection,
} from '@koi/fair';

/** Dice: win chance and multiplier shown before betting, computed with the same library the server uses. */
export function diceOffer(
  target: number,
  direction: DiceDirection,
): { chance: string; multiplier: string } | null {
  const checked = checkParams('dice', { target: target.toFixed(2), direction });
  if (!checked.ok) return null;
  const chanceHundredths =
    direction === 'over' ? 10_000 - checked.value.targetHundredths : checked.value.targetHundredths;
  return {
    chance: (chanceHundredths / 100).toFixed(2),
    multiplier: formatRational(diceMultiplier(checked.value, HOUSE_EDGE_BP_DEFAULT)),
  };
}

/** Limbo: the win chance of a target multiplier is (1 − edge) / target. */
export function limboChance(target: number): string {
  if (!(target >= 1.01)) return '0.00';
  return (((10_000 - HOUSE_EDGE_BP_DEFAULT) / 100 / target) * 1).toFixed(2);
}

/** ½ and 2× on the amount field, kept to 6 decimals (micro-USDT) and never below zero. */
export function scaleAmount(amount: string, factor: number): string {
  const value = Number(amount);
  if (!Number.isFinite(value) || value <= 0) return amount;
  return String(Math.floor(value * factor * 1e6) / 1e6);
}
