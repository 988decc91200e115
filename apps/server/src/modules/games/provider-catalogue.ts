import type { DbOrTx } from '../../db/client';
import { createGamesRepository } from './games.repository';

/** What other modules know of a game provider of the catalogue. */
export interface CatalogueProvider {
  id: number;
  code: string;
  name: string;
  /** Null: English mode shows `name`. */
  nameEn: string | null;
  walletModel: string;
  enabled: boolean;
}

/**
 * The catalogue's providers for the providers module (which may call the wallet, which can be launched). It is
 * part of the games service; it is also built on its own for tests that drive the providers module's parts by
 * hand without the rest of the catalogue.
 */
export function createProviderCatalogue(db: DbOrTx) {
  const repo = createGamesRepository(db);
  return {
    /** A provider by id (plat_type_id) or code, whatever its state (enabled, wallet model), or null. */
    async provider(by: { id: number } | { code: string }): Promise<CatalogueProvider | null> {
      const row = 'id' in by ? await repo.findProvider(by.id) : await repo.findProviderByCode(by.code);
      return (
        row && {
          id: row.id,
          code: row.code,
          name: row.name,
          nameEn: row.nameEn,
          walletModel: row.walletModel,
          enabled: row.enabled,
        }
      );
    },
  };
}
