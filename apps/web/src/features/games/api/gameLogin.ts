import { api } from '../../../lib/http';

/** GET /api/game/login (game_code, plat_type) → the launch URL. */
export async function fetchGameLaunchUrl(gameCode: string, platType: string | number): Promise<string> {
  const result = await api.get<{ url?: string } | string>('/api/game/login', {
    game_code: gameCode,
    plat_type: platType,
  });
  return typeof result === 'string' ? result : (result?.url ?? '');
}
