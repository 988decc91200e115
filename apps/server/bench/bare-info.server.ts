/**
 * The reference server of `npm run bench:api`: bare Fastify and node-postgres, no plugins, answering
 * POST /api/plat/info with ONE SQL query on Koi's own database. It is the ceiling Koi's info call is compared
 * with, so it must return the same data: the session check (known token, not revoked, not expired, not idle
 * too long, player not frozen), the profile, the available balance and the remaining turnover.
 *
 * The remaining turnover is Koi's fold (modules/withdrawals/turnover.ts) done in SQL. The fold
 *   remaining = max(0, remaining - stakes in the interval); remaining += the next requirement
 * is Lindley's recursion W_k = max(0, W_{k-1} + Y_k) with Y_j = (owed at boundary j) - (stakes after it until
 * the next boundary), whose closed form is S_n - min(0, min_k S_k) over the prefix sums S_k of Y. Window
 * functions compute it in the same statement. The bench checks that both servers answer alike before it runs.
 *
 * Started by bench/api.bench.ts as its own process: PORT, DATABASE_URL, SESSION_IDLE_MS.
 */
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';
import { formatBalance, formatMicro } from '@koi/ledger';

const port = Number(process.env.PORT);
const idleSeconds = Number(process.env.SESSION_IDLE_MS ?? 604_800_000) / 1000;
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });

const INFO_SQL = `
with s as (
  select s.previous_login_at, p.id pid, p.username, p.invite_code, p.vip_level,
         p.withdraw_password_hash is not null as set_password
  from sessions s join players p on p.id = s.player_id
  where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now()
    and s.last_seen_at > now() - make_interval(secs => $2) and p.status <> 2
),
req as (
  select r.created_at t, sum(r.required_micro) owed
  from turnover_requirements r join s on r.player_id = s.pid group by r.created_at
),
b as (select array_agg(t order by t) arr from req),
st as (
  select width_bucket(br.closed_at, b.arr) k, sum(br.stake_micro) stake
  from bet_rounds br cross join b join s on br.player_id = s.pid
  where b.arr is not null and br.status = 2 and br.closed_at >= b.arr[1]
  group by 1
),
y as (
  select seg.j, seg.owed - coalesce(st.stake, 0) yj
  from (select row_number() over (order by t) j, owed from req) seg left join st on st.k = seg.j
),
ps as (select sum(yj) over (order by j) sk from y)
select s.*, (a.credits_posted_micro - a.debits_posted_micro - a.debits_pending_micro)::text available,
       coalesce((select sum(yj) from y) - least(0, (select min(sk) from ps)), 0)::text turnover
from s left join ledger_accounts a on a.player_id = s.pid and a.currency = 'USDT'`;

const app = Fastify();
app.post('/api/plat/info', async (request, reply) => {
  const header = request.headers.authorization ?? '';
  const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  const { rows } = token
    ? await pool.query(INFO_SQL, [createHash('sha256').update(token).digest('hex'), idleSeconds])
    : { rows: [] };
  const row = rows[0];
  if (!row) return reply.status(401).send({ code: 401, result: null, message: '请先登录', error: null });
  return {
    code: 200,
    result: {
      player_name: row.username,
      balance: formatBalance(BigInt(row.available ?? '0')),
      set_password: row.set_password,
      turnover_remaining: formatMicro(BigInt(row.turnover)),
      invite_code: row.invite_code,
      vip_level: row.vip_level,
      last_login_at: row.previous_login_at ? new Date(row.previous_login_at).toISOString() : null,
    },
    message: 'success',
    error: null,
  };
});
await app.listen({ port, host: '127.0.0.1' });
process.on('SIGTERM', () => {
  void app.close().then(() => pool.end().then(() => process.exit(0)));
});
