import { gameStatusError } from '@koi/contract';
import { AppError } from '../../errors';
import type { GameRow } from './games.repository';

/**
 * The one rule for whether a game may be played now, used wherever a game starts or takes a bet (launching a
 * provider's game, every bet on an original): it must exist, be enabled with its provider enabled, and have
 * the playable status. A non-playable status answers its own message from the contract's catalogue (spec §8),
 * the same text the web toasts before asking.
 *
 * The seamless wallet's bet asks the same question in SQL, inside its one statement, through koi_game_playable
 * (games/sql), where a round trip to this function would cost the hot path a statement. playable.test.ts pins
 * the two together over every switch and status, so a change to one that the other does not follow fails.
 */
export function assertPlayable<G extends Pick<GameRow, 'enabled' | 'providerEnabled' | 'status'>>(
  game: G | null | undefined,
): asserts game is G {
  if (!game) throw new AppError('GAME_NOT_FOUND');
  if (!game.enabled || !game.providerEnabled) throw new AppError('GAME_UNAVAILABLE');
  const refusal = gameStatusError(game.status);
  if (refusal) throw new AppError(refusal);
}
