import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { definedFields } from '../../lib/defined';
import { createGamesAdminRepository, type GamePatch, type ProviderPatch } from './games.admin.repository';

/*
 * The games side of the operator console: list every game (enabled or not) and provider, switch a game or a
 * whole provider on or off, set a game's status (1–4), hot flag and sort, and name them in both languages. Player queries read the same rows
 * on every request (no cache of games), so a change reaches players with the next request; the provider
 * directory's short cache is cleared through `onProvidersChanged`.
 */

/** Records the audit row inside the change's transaction (the operators module's AuditWrite). */
export type AuditInTx = (tx: DbOrTx, change: { before?: unknown; after?: unknown }) => Promise<void>;

type AdminRepo = ReturnType<typeof createGamesAdminRepository>;
/** What the audit log keeps of a game and a provider before and after a change. */
const auditedGame = (g: NonNullable<Awaited<ReturnType<AdminRepo['findGame']>>>) => ({
  name_zh: g.nameZh,
  name_en: g.nameEn,
  enabled: g.enabled,
  status: g.status,
  is_hot: g.isHot,
  sort: g.sort,
});
const auditedProvider = (p: Awaited<ReturnType<AdminRepo['listProviders']>>[number]) => ({
  name: p.name,
  name_en: p.nameEn,
  enabled: p.enabled,
  sort: p.sort,
});

export function createGamesAdmin(deps: { db: Db; onProvidersChanged?: () => void }) {
  const { db } = deps;
  const repo = createGamesAdminRepository(db);

  const findProvider = async (conn: DbOrTx, id: number) =>
    (await createGamesAdminRepository(conn).listProviders()).find((p) => p.id === id) ?? null;

  return {
    listGames: repo.listGames,
    listProviders: repo.listProviders,

    async updateGame(id: number, patch: GamePatch, audit: AuditInTx) {
      return db.transaction(async (tx) => {
        const r = createGamesAdminRepository(tx);
        if (!(await r.lockGame(id))) throw new AppError('GAME_NOT_FOUND');
        const before = (await r.findGame(id))!;
        const set = definedFields(patch);
        if (Object.keys(set).length > 0) await r.updateGame(id, set);
        const after = (await r.findGame(id))!;
        await audit(tx, { before: auditedGame(before), after: auditedGame(after) });
        return after;
      });
    },

    async updateProvider(id: number, patch: ProviderPatch, audit: AuditInTx) {
      const result = await db.transaction(async (tx) => {
        const r = createGamesAdminRepository(tx);
        if (!(await r.lockProvider(id))) throw new AppError('PROVIDER_NOT_FOUND');
        const before = (await findProvider(tx, id))!;
        const set = definedFields(patch);
        if (Object.keys(set).length > 0) await r.updateProvider(id, set);
        const after = (await findProvider(tx, id))!;
        await audit(tx, { before: auditedProvider(before), after: auditedProvider(after) });
        return after;
      });
      deps.onProvidersChanged?.();
      return result;
    },
  };
}

export type GamesAdmin = ReturnType<typeof createGamesAdmin>;
