import type { Clock } from '../../lib/clock';
import { WalletModel, type CatalogueProvider, type GamesService } from '../games';
import type { ProviderDirectory } from './providers.routes';
import type { ProviderEndpoint } from './launch.adapter';

/**
 * Which providers may call the seamless wallet and with which secret. No real provider can be reached from
 * our machines (decision 15), so when the simulator is configured it plays the part of every provider in
 * the catalogue, each under its own code and id. Each provider signs with its own secret (PROVIDER_SECRETS):
 * a key leaked by one provider cannot sign calls under another's path, and a provider without a configured
 * secret is unknown to the wallet and cannot be launched.
 *
 * The catalogue's providers belong to the games module, which is built after this one (it launches games
 * through it), so `games` is a late-bound port: it is first called by a request, when every module exists.
 */
export function createProviderDirectory(
  games: Pick<GamesService, 'provider'>,
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
  const cache = new Map<string, { at: number; row: CatalogueProvider | null }>();
  const CACHE_MS = 15_000;
  async function lookup(by: { id: number } | { code: string }) {
    const cacheKey = 'id' in by ? `id:${by.id}` : `code:${by.code}`;
    const hit = cache.get(cacheKey);
    const now = clock.now().getTime();
    if (hit && now - hit.at < CACHE_MS) return hit.row;
    const row = await games.provider(by);
    if (cache.size > 100) cache.clear();
    cache.set(cacheKey, { at: now, row });
    return row;
  }
  return {
    async provider(providerId) {
      const provider = await lookup({ id: providerId });
      return provider ? { id: provider.id, code: provider.code, walletModel: provider.walletModel } : null;
    },
    async find(code) {
      const secret = sim?.secrets.get(code);
      if (!secret) return null;
      const provider = await lookup({ code });
      if (!provider || !provider.enabled || provider.walletModel !== WalletModel.SEAMLESS) return null;
      return { identity: { id: provider.id, code: provider.code }, secret };
    },
    async endpointFor(providerId) {
      if (!sim) return null;
      const provider = await lookup({ id: providerId });
      const secret = provider && sim.secrets.get(provider.code);
      return secret ? { url: sim.url, secret } : null;
    },
    invalidate: () => cache.clear(),
  };
}
