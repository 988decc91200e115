/** The game catalogue (providers, categories, games) and launching: what other modules may use of it. */
export { WalletModel } from './games.schema';
export type { GamesService, LaunchTarget } from './games.service';
