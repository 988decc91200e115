import { z } from 'zod';
import { intField, moneyString, optionalText, text } from './common';

/**
 * Koi's provably fair originals (decision 16). A bet names its game in the path; the parameters a game
 * does not use must be left out. Tiles for mines are 0–24, left to right, top to bottom.
 */
export const originalGame = z.enum(['dice', 'limbo', 'mines']);

const picksField = z
  .union([
    z.array(intField({ min: 0, max: 24 })).max(24),
    z
      .string()
      .max(80)
      .regex(/^\d{1,2}(,\d{1,2})*$/, { message: '格式应为以逗号分隔的格子编号' })
      .transform((s) => s.split(',').map(Number)),
  ])
  .describe('Mines: the tiles to reveal, e.g. "0,6,12" or [0,6,12]');

export const originalBetRequest = z.strictObject({
  amount: moneyString,
  idempotency_key: text(128)
    .pipe(z.string().min(1, { message: '不能为空' }))
    .describe('Chosen by the client per bet; a retry with the same key returns the first result'),
  target: z
    .string()
    .max(12)
    .optional()
    .describe('Dice: roll target 0.01–99.99 (two decimals); limbo: target multiplier 1.01–1000000'),
  direction: z.enum(['over', 'under']).optional().describe('Dice only'),
  mines: intField({ min: 1, max: 24 }).optional().describe('Mines only: how many mines (1–24)'),
  picks: picksField.optional(),
});

export const fairnessInfo = z.object({
  server_seed_hash: z.string(),
  client_seed: z.string(),
  nonce: z.number().int(),
});

/** Dice: the roll (0.00–100.00) against the target, in hundredths too so a verifier compares integers. */
export const diceOutcome = z.object({
  roll_hundredths: z.number().int(),
  roll: z.string(),
  target: z.string(),
  direction: z.enum(['over', 'under']),
  win_chance: z.string().describe('Percent, "49.50"'),
});
/** Limbo: the crash point (1.00 or more) against the target multiplier. */
export const limboOutcome = z.object({
  result_hundredths: z.number().int(),
  result: z.string(),
  target: z.string(),
});
/** Mines: where the mines lay, the picks, how many were safe, and the pick that hit a mine (null: none). */
export const minesOutcome = z.object({
  mines: z.number().int(),
  mine_tiles: z.array(z.number().int()).describe('In the order the shuffle chose them'),
  picks: z.array(z.number().int()),
  safe_reveals: z.number().int().describe('Picks revealed before the round ended'),
  hit_tile: z.number().int().nullable(),
});
export const originalOutcome = z
  .union([diceOutcome, limboOutcome, minesOutcome])
  .describe('The round: dice roll, limbo result, or mine tiles (by `game`)');
export type OriginalOutcome = z.infer<typeof originalOutcome>;

export const originalBetResult = z.object({
  bet_id: z.number().int(),
  game: originalGame,
  amount: z.string(),
  payout: z.string().describe('Paid back, stake included; 0 on a loss'),
  profit: z.string(),
  win: z.boolean(),
  multiplier: z.string(),
  outcome: originalOutcome,
  balance: z.string().describe('Wallet balance after the bet, 4 decimals'),
  fairness: fairnessInfo,
  created_at: z.string(),
});

export type OriginalBetResult = z.infer<typeof originalBetResult>;
export type FairnessInfo = z.infer<typeof fairnessInfo>;

export const seedsResult = z.object({ current: fairnessInfo });
export type SeedsResult = z.infer<typeof seedsResult>;

export const rotateSeedRequest = z
  .strictObject({ client_seed: optionalText(64).describe('The next client seed; empty = a random one') })
  .nullish();
export const rotateSeedResult = z.object({
  previous: z
    .object({
      server_seed: z.string(),
      server_seed_hash: z.string(),
      client_seed: z.string(),
      bets: z.number().int(),
    })
    .nullable()
    .describe('The revealed pair: verify every bet made with it'),
  current: fairnessInfo,
});
export type RotateSeedResult = z.infer<typeof rotateSeedResult>;
