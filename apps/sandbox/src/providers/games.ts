import { randomInt } from 'node:crypto';

/**
 * The simulator's two games. They are stand-ins for a provider's content: fair enough to play (RTP near 99%
 * for the slot, blackjack rules close to the casino game), simple enough to reason about in tests.
 */
export const SLOT_SYMBOLS = ['樱', '柠', '橙', '葡', '铃', '星', '7'] as const;
// Multipliers in tenths so that all money stays integer.
const TRIPLE_TENTHS: Record<string, bigint> = { '7': 600n, 星: 300n, 铃: 200n };
const TRIPLE_OTHER_TENTHS = 100n;
const PAIR_TENTHS = 15n;

export function spinSlot(amountMicro: bigint, pick: (n: number) => number = randomInt) {
  const reels = [0, 1, 2].map(() => SLOT_SYMBOLS[pick(SLOT_SYMBOLS.length)]!);
  const [a, b, c] = reels;
  let tenths = 0n;
  if (a === b && b === c) tenths = TRIPLE_TENTHS[a!] ?? TRIPLE_OTHER_TENTHS;
  else if (a === b || b === c || a === c) tenths = PAIR_TENTHS;
  return { reels, winMicro: (amountMicro * tenths) / 10n };
}

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUITS = ['♠', '♥', '♣', '♦'];

function handValue(cards: string[]): number {
  let total = 0;
  let aces = 0;
  for (const card of cards) {
    const rank = card.slice(1);
    if (rank === 'A') {
      aces += 1;
      total += 11;
    } else total += ['J', 'Q', 'K'].includes(rank) ? 10 : Number(rank);
  }
  while (total > 21 && aces > 0) {
    total -= 10;
    aces -= 1;
  }
  return total;
}

/** One hand of blackjack played automatically: the player draws to 17, the dealer draws to 17. */
export function playBlackjack(amountMicro: bigint, pick: (n: number) => number = randomInt) {
  const draw = () => `${SUITS[pick(4)]}${RANKS[pick(13)]}`;
  const player = [draw(), draw()];
  const dealer = [draw(), draw()];
  const playerBlackjack = handValue(player) === 21;
  while (!playerBlackjack && handValue(player) < 17) player.push(draw());
  const p = handValue(player);
  if (p <= 21 && !playerBlackjack) while (handValue(dealer) < 17) dealer.push(draw());
  const d = handValue(dealer);
  let outcome: 'blackjack' | 'win' | 'push' | 'lose';
  if (playerBlackjack) outcome = handValue(dealer) === 21 && dealer.length === 2 ? 'push' : 'blackjack';
  else if (p > 21) outcome = 'lose';
  else if (d > 21 || p > d) outcome = 'win';
  else if (p === d) outcome = 'push';
  else outcome = 'lose';
  const winMicro = { blackjack: (amountMicro * 5n) / 2n, win: amountMicro * 2n, push: amountMicro, lose: 0n }[
    outcome
  ];
  return { player, dealer, playerTotal: p, dealerTotal: d, outcome, winMicro };
}

export const gameKindOf = (gameCode: string): 'slot' | 'card' =>
  /blackjack|ky-|poker|texas|ddz|nn|zjh|ssz|pj|hhdz|ermj|baccarat|dragon|bull|sicbo|roulette/.test(gameCode)
    ? 'card'
    : 'slot';
