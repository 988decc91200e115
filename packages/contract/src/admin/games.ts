import { z } from 'zod';
import { flagField, intField, listResult, moneyString, optionalText, pageQuery, text } from '../common';
import { englishText, sortField } from './shared';

// Games and providers (games area)

/** GET /api/admin/games */
export const adminGamesQuery = z.strictObject({
  plat_type: intField({ min: 0, max: 15 }).optional(),
  game_type: intField({ min: 0, max: 7 }).optional(),
  status: intField({ min: 0, max: 4 }).optional(),
  keyword: optionalText(50),
  ...pageQuery,
});
export const adminGameRow = z.object({
  id: z.number().int(),
  game_code: z.string(),
  name_zh: z.string(),
  name_en: z.string(),
  plat_type_id: z.number().int(),
  game_type_id: z.number().int(),
  status: z.number().int().describe('1 playable, 2 maintenance, 3 coming soon, 4 stay tuned'),
  enabled: z.boolean().describe('false hides the game from players'),
  is_hot: z.boolean(),
  sort: z.number().int(),
  image: z.string(),
  provider_enabled: z.boolean(),
});
export const adminGamesResult = listResult(adminGameRow);
/** A name an operator types, trimmed; 64 characters fit every screen that shows one. */
const typedName = () => text(64).transform((s) => s.trim());
/** A name that must be given (the Chinese one, which every language falls back to). */
const nameField = typedName().pipe(z.string().min(1, { message: '名称不能为空' }));

/** POST /api/admin/games/:id: any subset of the fields. */
export const adminGameUpdateRequest = z.strictObject({
  name_zh: nameField.optional(),
  name_en: nameField.optional(),
  enabled: flagField().optional(),
  status: intField({ min: 1, max: 4 }).optional(),
  is_hot: flagField().optional(),
  sort: sortField.optional(),
  reason: optionalText(256),
});
export const adminGameUpdateResult = adminGameRow;

/** GET /api/admin/providers */
export const adminProviderRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  name_en: z.string().nullable().describe('null: English mode shows name'),
  wallet_model: z.string(),
  enabled: z.boolean().describe('false hides every game of the provider'),
  sort: z.number().int(),
  game_count: z.number().int(),
});
export const adminProvidersResult = z.array(adminProviderRow);
/** POST /api/admin/providers/:id */
export const adminProviderUpdateRequest = z.strictObject({
  name: nameField.optional(),
  name_en: englishText(64).optional(),
  enabled: flagField().optional(),
  sort: sortField.optional(),
  reason: optionalText(256),
});
export const adminProviderUpdateResult = adminProviderRow;

/** GET /api/admin/provider-alerts: seamless-wallet calls refused as beyond what a provider may ask. */
export const adminProviderAlertsQuery = z.strictObject({ ...pageQuery });
export const PROVIDER_ALERT_KINDS = {
  1: 'win_over_limit',
  2: 'second_win',
  3: 'rollback_after_win',
} as const;
export const adminProviderAlertRow = z.object({
  id: z.number().int(),
  provider_id: z.number().int(),
  kind: z
    .enum(['win_over_limit', 'second_win', 'rollback_after_win'])
    .describe("win above the game's bound; a second win on one bet; a bet refund while its round has a win"),
  player_id: z.number().int().nullable(),
  round_id: z.string(),
  game_code: z.string(),
  transaction_uuid: z.string(),
  amount: moneyString.describe('what the provider asked for (USDT)'),
  limit: moneyString.nullable().describe('the bound it crossed (USDT), when there is one'),
  created_at: z.string(),
});
export const adminProviderAlertsResult = listResult(adminProviderAlertRow);
export type AdminGameRow = z.infer<typeof adminGameRow>;
export type AdminProviderRow = z.infer<typeof adminProviderRow>;
export type AdminProviderAlertRow = z.infer<typeof adminProviderAlertRow>;
