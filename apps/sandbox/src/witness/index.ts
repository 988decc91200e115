import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxConfig } from '../config';
import { refuse } from '../http/server';
import { createWitnessStore } from './store';

const logName = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

/**
 * The fields the witness reads. The rest of a checkpoint (time, key id, signature) is kept as sent: the
 * witness holds no key, so it cannot tell a good signature from a bad one; Koi's verifier does that.
 */
const checkpointShape = z
  .object({
    seq: z.number().int().min(0),
    hash: z.string().min(1).max(200),
  })
  .passthrough();

/**
 * An external witness of an append-only log (Koi's audit chain, decision 34): it keeps every checkpoint sent
 * to `POST /witness/logs/:log/checkpoints` and answers the latest at `GET /witness/logs/:log/checkpoints/latest`.
 * It refuses a checkpoint that goes back (a lower row than the latest) or forks (the latest row with another
 * hash), so whoever controls Koi's database and disk cannot make the witness forget what it has seen.
 * Several logs may share one witness (each test or deployment names its own).
 */
export function registerWitness(app: FastifyInstance, config: SandboxConfig) {
  const store = createWitnessStore(config.dataDir);

  app.post('/witness/logs/:log/checkpoints', async (request, reply) => {
    const log = logName.safeParse((request.params as { log: string }).log);
    if (!log.success) return refuse(reply, 400, 'BAD_REQUEST', 'log: letters, digits, _ or -, 1–64');
    const parsed = checkpointShape.safeParse(request.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return refuse(reply, 400, 'BAD_REQUEST', `${issue.path.join('.')}: ${issue.message}`);
    }
    const checkpoint = parsed.data;
    const latest = store.latest(log.data);
    if (latest && checkpoint.seq < latest.seq)
      return refuse(
        reply,
        409,
        'GOES_BACK',
        `row ${checkpoint.seq} is before the latest checkpoint's row ${latest.seq}`,
      );
    if (latest && checkpoint.seq === latest.seq) {
      if (checkpoint.hash !== latest.hash)
        return refuse(reply, 409, 'FORK', `row ${checkpoint.seq} was checkpointed with another hash`);
      return { stored: false, seq: latest.seq };
    }
    store.add(log.data, checkpoint, Date.now());
    return { stored: true, seq: checkpoint.seq };
  });

  app.get('/witness/logs/:log/checkpoints/latest', async (request, reply) => {
    const log = logName.safeParse((request.params as { log: string }).log);
    if (!log.success) return refuse(reply, 400, 'BAD_REQUEST', 'log: letters, digits, _ or -, 1–64');
    const latest = store.latest(log.data);
    if (!latest) return refuse(reply, 404, 'NO_CHECKPOINT', 'no checkpoint of this log yet');
    return latest;
  });

  app.get('/witness/logs/:log/checkpoints', async (request, reply) => {
    const log = logName.safeParse((request.params as { log: string }).log);
    if (!log.success) return refuse(reply, 400, 'BAD_REQUEST', 'log: letters, digits, _ or -, 1–64');
    return store.all(log.data);
  });

  app.post('/control/witness/reset', async () => {
    store.reset();
    return { ok: true };
  });
  return { store };
}
