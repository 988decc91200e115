import { PROVIDER_ALERT_KINDS, type AdminProviderAlertRow } from '@koi/contract';
import { formatMicro } from '@koi/ledger';
import type { ProviderAlert } from './providers.alerts';

/* The providers module's one mapping from its camelCase rows to the snake_case wire (decision 3). The
 * seamless wallet's wire is the providers' protocol (packages/provider-protocol), not this file. */

export const alertWire = (a: ProviderAlert): AdminProviderAlertRow => ({
  id: a.id,
  provider_id: a.providerId,
  kind: PROVIDER_ALERT_KINDS[a.kind as keyof typeof PROVIDER_ALERT_KINDS],
  player_id: a.playerId,
  round_id: a.roundId,
  game_code: a.gameCode,
  transaction_uuid: a.transactionUuid,
  amount: formatMicro(a.amountMicro),
  limit: a.limitMicro === null ? null : formatMicro(a.limitMicro),
  created_at: a.createdAt.toISOString(),
});
