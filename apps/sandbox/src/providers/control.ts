import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { toMicro } from '@koi/ledger';
import { decimalAmount } from '../http/money';
import { NO_FAULTS, type Faults } from './koi-client';
import type { createRounds } from './rounds';
import type { ProvidersState } from './state';

/** Autoplay spins at most this many rounds in one control call. */
export const AUTOPLAY_MAX = 100;

const playBody = z.object({
  session_id: z.string().min(1),
  amount: decimalAmount,
  /** Autoplay: play this many rounds one after the other and answer a summary instead of the one round. */
  rounds: z.number().int().min(1).max(AUTOPLAY_MAX).optional(),
});

/** Test control for the game providers (behind the control secret): faults, the round log, rounds on demand. */
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
  app.post('/control/providers/play', async (request, reply) => {
    const parsed = playBody.safeParse(request.body);
    if (!parsed.success) return reply.status(400).send({ error: parsed.error.issues[0]?.message });
    const body = parsed.data;
    const session = state.sessions.get(body.session_id);
    if (!session) return reply.status(404).send({ error: 'no session' });
    const amountMicro = toMicro(body.amount);
    if (body.rounds === undefined) return rounds.playRound(session, amountMicro);
    // Autoplay, as a slot's autoplay button does: the rounds one after the other on this session, each
    // timed from its bet to its win's answer, stopping at the first round that did not settle. A load test
    // then spends one control call on many rounds instead of one per round, so what it measures is the
    // wallet calls (bench:games), not its own harness.
    const played: { id: string; state: string; ms: number }[] = [];
    for (let i = 0; i < body.rounds; i += 1) {
      const started = performance.now();
      const round = await rounds.playRound(session, amountMicro);
      played.push({ id: round.id, state: round.state, ms: performance.now() - started });
      if (round.state !== 'settled') break;
    }
    return { rounds: played };
  });
}
