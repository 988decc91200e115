/**
 * `npm run bench:redpackets`: grabbing red packets over HTTP under contention, beside the ledger's own rate, and
 * the live room's fan-out to a thousand event streams.
 *
 * A throwaway PostgreSQL database and the app in this process, listening on a port; the players are another
 * process (redpackets.client.ts, forked here) that talks to it over real HTTP, as players would, so this
 * process's event loop serves only the server (its utilisation during the grabs is printed). Each round, 20
 * players send one packet of 10 shares (with a mine, so every grab also holds the mine payment), the 1 000
 * grabbers open the room (untimed: a player grabs a packet they saw arrive there, so the server checked their
 * session moments before), and 50 different grabbers per packet grab at once: 1 000 concurrent requests, of
 * which 200 take a share and the others are refused (all taken, or closed). Every request is timed from send to
 * answer. A warm-up round runs first and is not counted. Then, in the same run and on the same database, the
 * ledger alone: bet-sized transfers through the wallet service, 32 at a time, after a warm-up of its own. Then the fan-out: 1 000 event streams follow the room's topic (5 per player, the most a player may
 * hold) while packets are grabbed one share at a time; each grab is timed from its request until every stream
 * has its `grabbed` event. Then ledger:verify. A packet's grabs queue on its row lock by design (arrival
 * order), so grabs/s is about how fast 20 such queues drain in parallel, each grab being a ledger hold plus
 * its bookkeeping.
 *
 * The last line is
 *   bench:redpackets ratio=<grabs/s ÷ ledger transfers/s> grabs_per_s=… p99_ms=… ledger_tps=… server_elu=…
 *     cpu_ms_per_grab=… cpu_ms_per_transfer=…
 *     fanout_listeners=… fanout_last_p50_ms=… fanout_last_p99_ms=… taken=… refused=… violations=…
 *
 * BENCH_DATABASE_URL  server to use (default postgres://postgres@127.0.0.1:5432/postgres)
 * BENCH_ROUNDS        rounds of 20 packets × 50 grabbers (default 3)
 * BENCH_WARMUP_ROUNDS rounds run first and not counted (default 1), as the ledger phase's first transfers are not
 * BENCH_TRANSFERS     ledger transfers for the reference phase (default 4000)
 * BENCH_LISTENERS     event streams of the fan-out (default 1000; 0 leaves the fan-out out)
 * BENCH_FANOUT_GRABS  grabs timed in the fan-out, 10 a packet (default 30)
 * BENCH_PROFILE       a directory: write a CPU profile of the server over each round's grabs there
 */
import { fork } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { redPacketRoomTopic } from '@koi/contract';
import { SystemAccount, TransferCode, toMicro } from '@koi/ledger';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { queryRows } from '../src/db/client';
import { systemClock } from '../src/lib/clock';
import { createAuthRepository } from '../src/modules/auth/auth.repository';
import { openSession } from '../src/modules/auth/open-session';
import { createPlayers } from '../src/modules/wallet/wallet.fixtures';
import { verifyLedger } from '../src/modules/wallet/wallet.cli';
import { createWalletService } from '../src/modules/wallet/wallet.service';
import { STREAMS_PER_PLAYER } from '../src/modules/events/events.routes';
import { inThrowawayDatabase, percentile, SERVER_URL, summarise } from './measure';
import type { ClientOrder, ClientReply } from './redpackets.protocol';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARMUP_ROUNDS = Number(process.env.BENCH_WARMUP_ROUNDS ?? 1);
const TRANSFERS = Number(process.env.BENCH_TRANSFERS ?? 4000);
const PACKETS = 20;
const GRABBERS = 50;
const SHARES = 10;
const LEDGER_CONCURRENCY = 32;
const LISTENERS = Number(process.env.BENCH_LISTENERS ?? 1000);
const FANOUT_GRABS = Number(process.env.BENCH_FANOUT_GRABS ?? 30);
const PROFILE_DIR = process.env.BENCH_PROFILE;

/**
 * With BENCH_PROFILE=<dir>, a CPU profile of this process (the server) over each round's grabs only, written
 * as <dir>/grabs-round-N.cpuprofile (open it in Chrome's DevTools): where a grab request's CPU goes, without
 * the rounds' set-up (players, sessions, deposits, packets) that a whole-run profile mixes in.
 */
async function profileIf(dir: string | undefined) {
  if (!dir) return null;
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    async save(name: string) {
      const { profile } = await session.post('Profiler.stop');
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
      session.disconnect();
    },
  };
}

/** The players' process; `ask` sends it one order and waits for its answer. */
function startClient() {
  const child = fork(fileURLToPath(new URL('./redpackets.client.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
  });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`the client process exited (${code})`))),
  );
  exited.catch(() => undefined);
  return {
    async ask<K extends ClientReply['kind']>(order: ClientOrder, kind: K) {
      const answer = new Promise<ClientReply>((resolve) => child.once('message', resolve));
      child.send(order);
      const reply = await Promise.race([answer, exited]);
      if (reply.kind === 'error') throw new Error(`client: ${reply.message}`);
      if (reply.kind !== kind) throw new Error(`client answered ${reply.kind}, not ${kind}`);
      return reply as Extract<ClientReply, { kind: K }>;
    },
    stop: () => child.kill(),
  };
}

const fmt = (n: number, digits = 1) => n.toFixed(digits);
/**
 * The CPU this process spent, in milliseconds: on a shared machine a phase's wall time (and its event loop's
 * utilisation) also counts the time the process waited for a core; its own CPU per operation does not.
 */
const cpuMs = (used: NodeJS.CpuUsage) => (used.user + used.system) / 1000;

async function main() {
  return inThrowawayDatabase('koi_bench_rp', 20, async (database, { name: dbName }) => {
    const config = testConfig({ logLevel: 'silent' });
    const app = await buildApp(config, { database });
    // A thousand connections open at once: the default backlog (511) would reset some of them.
    const base = await app.listen({ port: 0, host: '127.0.0.1', backlog: 2048 });
    // The client keeps its connections between rounds; on a loaded machine a round's set-up (a thousand players
    // signed in) can outlast the server's idle timeout, and a request sent on a socket the server is closing
    // fails ("other side closed"). The bench's connections stay open for the whole run.
    app.server.keepAliveTimeout = 30 * 60_000;
    const db = database.db;
    const wallet = createWalletService({ db, clock: systemClock });
    const auth = createAuthRepository(db);
    // The first demo room: 1–100 USDT, 5–10 shares, 1× on a mine hit.
    const rooms = await queryRows<{ id: number | string }>(
      db,
      sql`select id from red_packet_rooms order by sort, id limit 1`,
    );
    const roomId = Number(rooms[0]!.id);

    async function signedIn(count: number, fund: string): Promise<string[]> {
      const ids = await createPlayers(db, wallet, count);
      const tokens: string[] = [];
      for (const id of ids) {
        await wallet.transfer({
          key: `bench-fund:${randomUUID()}`,
          debit: { system: SystemAccount.DEPOSIT_CLEARING },
          credit: { player: id },
          amountMicro: toMicro(fund),
          code: TransferCode.DEPOSIT,
        });
        const ctx = { ip: '127.0.0.1', device: 'bench', country: null };
        tokens.push((await openSession(auth, config.session, new Date(), id, ctx)).token);
      }
      return tokens;
    }
    const post = async (url: string, token: string, body: object) => {
      const res = await fetch(`${base}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      return (await res.json()) as { code: number; result: { id: number } };
    };
    /** Sends one packet of SHARES shares with a mine per sender; answers their ids. */
    async function sendPackets(senders: string[]) {
      const packets: number[] = [];
      for (const token of senders) {
        const sent = await post('/api/redpacket/send', token, {
          room_id: roomId,
          total: '10',
          shares: String(SHARES),
          mine_digit: '5',
          client_seed: 'bench',
          idempotency_key: randomUUID(),
        });
        if (sent.code !== 200) throw new Error(`send failed: ${JSON.stringify(sent)}`);
        packets.push(sent.result.id);
      }
      return packets;
    }

    console.log(
      `bench:redpackets on ${new URL(SERVER_URL).host}/${dbName}: ${ROUNDS} rounds of ${PACKETS} packets × ${GRABBERS} grabbers`,
    );
    const client = startClient();
    try {
      const latencies: number[] = [];
      let taken = 0;
      let refused = 0;
      let elapsed = 0;
      let busy = 0;
      let grabCpuMs = 0;
      // The warm-up rounds (negative numbers) run the same grabs and checks but are not counted: the first
      // thousand grabs of a fresh process are mostly its JIT compiling the request path, about 1.7× a later
      // round's time here, which a server that runs for days pays once.
      for (let round = -WARMUP_ROUNDS; round < ROUNDS; round++) {
        const senders = await signedIn(PACKETS, '100');
        const grabbers = await signedIn(PACKETS * GRABBERS, '20');
        const packets = await sendPackets(senders);
        await client.ask({ kind: 'enter', base, roomId, tokens: grabbers }, 'entered');
        const profiler = await profileIf(PROFILE_DIR);
        const loop = performance.eventLoopUtilization();
        const cpu = process.cpuUsage();
        const answer = await client.ask(
          {
            kind: 'grab',
            base,
            grabs: grabbers.map((token, i) => ({ token, packetId: packets[i % PACKETS]! })),
          },
          'grab',
        );
        const used = performance.eventLoopUtilization(loop);
        const roundCpuMs = cpuMs(process.cpuUsage(cpu));
        const name = round < 0 ? `warm-up ${round + WARMUP_ROUNDS + 1}` : `round ${round + 1}`;
        await profiler?.save(`grabs-${name.replace(' ', '-')}`);
        const answers = answer.codes;
        const ok = answers.filter((c) => c === 200).length;
        const other = answers.filter((c) => c !== 200 && c !== 9010 && c !== 9012);
        if (ok !== PACKETS * SHARES || other.length)
          throw new Error(`${name}: ${ok} taken, others ${other.join(',')}`);
        if (round >= 0) {
          grabCpuMs += roundCpuMs;
          busy += used.utilization * answer.seconds;
          elapsed += answer.seconds;
          latencies.push(...answer.latencies);
          taken += ok;
          refused += answers.filter((c) => c === 9010 || c === 9012).length;
        }
        console.log(
          `${name}: ${answers.length} grabs in ${fmt(answer.seconds, 2)} s, ${ok} shares taken, server event loop ${fmt(used.utilization * 100, 0)} % busy, client ${fmt(answer.cpuMs / answers.length, 2)} ms CPU a grab`,
        );
      }
      const grabs = summarise(latencies, elapsed);
      const serverElu = busy / elapsed;
      const cpuPerGrab = grabCpuMs / latencies.length;
      console.log(
        `grabs over HTTP : ${fmt(grabs.perSecond, 0)} requests/s  p50 ${fmt(grabs.p50, 1)} ms  p99 ${fmt(grabs.p99, 1)} ms  server event loop ${fmt(serverElu * 100, 0)} % busy, ${fmt(cpuPerGrab, 2)} ms of its CPU a request`,
      );

      // The ledger's own rate in the same run: single transfers through the wallet service.
      const payers = await createPlayers(db, wallet, LEDGER_CONCURRENCY);
      for (const id of payers) {
        await wallet.transfer({
          key: `bench-fund:${randomUUID()}`,
          debit: { system: SystemAccount.DEPOSIT_CLEARING },
          credit: { player: id },
          amountMicro: toMicro('100000'),
          code: TransferCode.DEPOSIT,
        });
      }
      /** `count` bet-sized transfers, LEDGER_CONCURRENCY at a time; answers each one's latency. */
      async function bets(count: number) {
        const timed: number[] = [];
        let next = 0;
        await Promise.all(
          payers.map(async (id) => {
            while (next < count) {
              next += 1;
              const t0 = performance.now();
              await wallet.transfer({
                key: `bench-bet:${randomUUID()}`,
                debit: { player: id },
                credit: { system: SystemAccount.HOUSE },
                amountMicro: toMicro('1'),
                code: TransferCode.BET,
              });
              timed.push(performance.now() - t0);
            }
          }),
        );
        return timed;
      }
      // Warmed up as the grabs are: the same share of a round's work, not counted.
      if (WARMUP_ROUNDS > 0) await bets(Math.ceil((TRANSFERS * WARMUP_ROUNDS) / Math.max(ROUNDS, 1)));
      const ledgerStarted = performance.now();
      const ledgerCpu = process.cpuUsage();
      const ledgerLatencies = await bets(TRANSFERS);
      const ledger = summarise(ledgerLatencies, (performance.now() - ledgerStarted) / 1000);
      const cpuPerTransfer = cpuMs(process.cpuUsage(ledgerCpu)) / ledgerLatencies.length;
      console.log(
        `ledger transfers: ${fmt(ledger.perSecond, 0)} transfers/s  p50 ${fmt(ledger.p50, 2)} ms  p99 ${fmt(ledger.p99, 2)} ms, ${fmt(cpuPerTransfer, 2)} ms of this process's CPU a transfer`,
      );

      // The live room: LISTENERS streams on the room's topic, grabs one at a time.
      let fanout = { p50: 0, p99: 0 };
      if (LISTENERS > 0) {
        const watchers = await signedIn(Math.ceil(LISTENERS / STREAMS_PER_PLAYER), '1');
        const listeners = Array.from({ length: LISTENERS }, (_, i) => watchers[i % watchers.length]!);
        const packets = await sendPackets(await signedIn(Math.ceil(FANOUT_GRABS / SHARES), '100'));
        const grabbers = await signedIn(FANOUT_GRABS, '20');
        const reply = await client.ask(
          {
            kind: 'fanout',
            base,
            topic: redPacketRoomTopic(roomId),
            listeners,
            grabs: grabbers.map((token, i) => ({ token, packetId: packets[Math.floor(i / SHARES)]! })),
          },
          'fanout',
        );
        const last = summarise(reply.lastMs, 1);
        const each = reply.deliveryMs.sort((a, b) => a - b);
        fanout = { p50: last.p50, p99: last.p99 };
        console.log(
          `fan-out to ${LISTENERS} streams (${reply.lastMs.length} grabs): grab → last stream p50 ${fmt(last.p50, 1)} ms  p99 ${fmt(last.p99, 1)} ms;  grab → any stream p50 ${fmt(percentile(each, 50), 1)} ms  p99 ${fmt(percentile(each, 99), 1)} ms`,
        );
      }
      await app.close();

      const violations = await verifyLedger(database, (line) => console.log(line));
      const ratio = grabs.perSecond / ledger.perSecond;
      console.log(
        `bench:redpackets ratio=${fmt(ratio, 2)} grabs_per_s=${fmt(grabs.perSecond, 0)} p99_ms=${fmt(grabs.p99, 1)} ledger_tps=${fmt(ledger.perSecond, 0)} server_elu=${fmt(serverElu, 2)} cpu_ms_per_grab=${fmt(cpuPerGrab, 2)} cpu_ms_per_transfer=${fmt(cpuPerTransfer, 2)} fanout_listeners=${LISTENERS} fanout_last_p50_ms=${fmt(fanout.p50, 1)} fanout_last_p99_ms=${fmt(fanout.p99, 1)} taken=${taken} refused=${refused} violations=${violations}`,
      );
      return violations === 0 ? 0 : 1;
    } finally {
      client.stop();
    }
  });
}

process.exitCode = await main();
