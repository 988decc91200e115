import type { DbOrTx } from '../../db/client';
import type { PageWindow } from '../../lib/paging';
import { createProvidersRepository } from './providers.repository';

/** A refused provider call kept for operators (over-limit win, second win on a bet, rollback after a win). */
export type ProviderAlert = Awaited<
  ReturnType<ReturnType<typeof createProvidersRepository>['listAlerts']>
>['rows'][number];

/** The console's side of the providers module: the alerts raised by refused wallet calls, newest first. */
export function createProviderAlerts(db: DbOrTx) {
  const repo = createProvidersRepository(db);
  return {
    list: (page: PageWindow) => repo.listAlerts(page),
  };
}

export type ProviderAlerts = ReturnType<typeof createProviderAlerts>;
