import { emptyBody, signInLinkResult } from '@koi/contract';
import { sessionOf } from '../../plugins/auth';
import { type ApiRoutes, routesPlugin } from '../../plugins/routes';
import type { SignInLinks } from './sign-in-link.service';
import { signInLinkWire } from './auth.wire';

/**
 * Sign-in links (decision 31): make one for the signed-in player. Trading one for a session answers the
 * player's user info as well, a view over auth and turnover: that route is the profile module's.
 */
function signInLinkApi(api: ApiRoutes, { links }: { links: SignInLinks }) {
  api.player.post(
    '/api/home/sign-in-link',
    {
      summary: '生成一次性登录链接（2分钟内有效，只能使用一次）',
      body: emptyBody,
      result: signInLinkResult,
    },
    async (request) => signInLinkWire(await links.issue(sessionOf(request).playerId, 'player')),
  );
}

export const signInLinkRoutes = routesPlugin(['账户'], signInLinkApi);
