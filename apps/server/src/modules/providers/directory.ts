import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Clock } from '../../lib/clock';
// Left from issue 9: the provider directory still reads the games module's provider table directly; it
// should ask the games service (a provider by code or id).
// eslint-disable-next-line no-restricted-imports
import { gameProviders, WalletModel } from '../../db/schema';
import type { ProviderDirectory } from './providers.routes';
import type { ProviderEndpoint } from './launch.adapter';

/**
 * Which providers may call the seamless wallet and with which secret. No real provider can be reached from
 * our machines (decision 15), so when the simulator is configured it plays the part of every provider in
 * the catalogue, each under its own code and id. Each provider signs with its own secret (PROVIDER_SECRETS):
 * a key leaked by one provider cannot sign calls under another's path, and a provider without a configured
 * secret is unknown to the wallet and cannot be launched.
 */
export function createProviderDirectory(
  db: DbOrTx,
  sim: { url: string; secrets: ReadonlyMap<string, string> } | null,
  clock: Clock,
): ProviderDirectory & {
  /** A provider of the catalogue by id, whatever its state (the transfer wallet brings money home from it). */
  provider(providerId: number): Promise<{ id: number; code: string; walletModel: string } | null>;
  /** Where Koi reaches the provider and the secret it signs with; null when it is not connected. */
  endpointFor(providerId: number): Promise<ProviderEndpoint | null>;
  /** Forgets cached providers (the console changed one); other nodes follow within CACHE_MS. */
  invalidate(): void;
} {
  // Every wallet call starts with this lookup; the provider table changes rarely (an operator disabling a
  // provider), so answers are kept for a short while instead of being read for every call.
  const cache = new Map<string, { at: number; row: typeof gameProviders.$inferSelect | undefined }>();
  const CACHE_MS = 15_000;
  async function lookup(by: 'code' | 'id', value: string | number) {
    const cacheKey = `${by}:${value}`;
    const hit = cache.get(cacheKey);
    const now = clock.now().getTime();
    if (hit && now - hit.at < CACHE_MS) return hit.row;
    const rows = await db
      .select()
      .from(gameProviders)
      .where(by === 'code' ? eq(gameProviders.code, String(value)) : eq(gameProviders.id, Number(value)))
      .limit(1);
    if (cache.size > 100) cache.clear();
    cache.set(cacheKey, { at: now, row: rows[0] });
    return rows[0];
  }
  return {
    async provider(providerId) {
      const provider = await lookup('id', providerId);
      return provider ? { id: provider.id, code: provider.code, walletModel: provider.walletModel } : null;
    },
    async find(code) {
      const secret = sim?.secrets.get(code);
      if (!secret) return null;
      const provider = await lookup('code', code);
      if (!provider || !provider.enabled || provider.walletModel !== WalletModel.SEAMLESS) return null;
      return { identity: { id: provider.id, code: provider.code }, secret };
    },
    async endpointFor(providerId) {
      if (!sim) return null;
      const provider = await lookup('id', providerId);
      const secret = provider && sim.secrets.get(provider.code);
      return secret ? { url: sim.url, secret } : null;
    },
    invalidate: () => cache.clear(),
  };
}
