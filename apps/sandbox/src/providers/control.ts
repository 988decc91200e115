import type { FastifyInstance } from 'fastify';
import { toMicro } from '../http/money';
import { NO_FAULTS, type Faults } from './koi-client';
import type { createRounds } from './rounds';
import type { ProvidersState } from './state';

/** Test control for the game providers (behind the control secret): faults, the round log, a round on demand. */
export function providersControlRoutes(
  app: FastifyInstance,
  state: ProvidersState,
  rounds: ReturnType<typeof createRounds>,
): void {
  app.put('/control/providers/faults', async (request) => {
    state.faults = { ...NO_FAULTS, ...(request.body as Partial<Faults>) };
    return state.faults;
  });
  app.get<{ Querystring: { user?: string } }>('/control/providers/rounds', async (request) =>
    request.query.user ? state.rounds.filter((r) => r.user === request.query.user) : state.rounds,
  );
  app.post<{ Body: { session_id: string; amount: string } }>(
    '/control/providers/play',
    async (request, reply) => {
      const session = state.sessions.get(request.body.session_id);
      if (!session) return reply.status(404).send({ error: 'no session' });
      return rounds.playRound(session, toMicro(request.body.amount));
    },
  );
}
