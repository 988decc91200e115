import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, sql } from 'drizzle-orm';
import { testConfig, type AuditConfig } from '../../config';
import type { Database, Db } from '../../db/client';
import { manualClock } from '../../lib/clock';
import { createTestDatabase } from '../../../test/db';
import { createTestApp } from '../../../test/app';
import { useSandbox } from '../../../test/sim';
import { signedInOperator } from '../operators/operators.fixtures';
import { auditCommands } from './audit.cli';
import { loadAuditKeys } from './audit.keys';
import { GENESIS_HASH, type AuditRow } from './audit.repository';
import { auditChainHead, operatorAudit } from './audit.schema';
import { createAuditLog, unkeyedRowHash } from './audit.service';

/*
 * The attacker of these tests is the database's superuser without the audit key: with
 * `session_replication_role = replica` the append-only triggers do not fire, so rows can be deleted and
 * rewritten, the chain head moved, and every hash after a rewritten row recomputed in the unkeyed way.
 */

const sb = useSandbox();
let dir = '';
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'koi-audit-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A fresh database and an audit configuration of its own: its checkpoint file and, when asked, a witness log. */
async function chain(opts: { witness?: boolean } = {}) {
  const database = await createTestDatabase();
  const name = randomBytes(6).toString('hex');
  const base = testConfig();
  const audit: AuditConfig = {
    ...base.audit,
    checkpointFile: path.join(dir, `${name}.log`),
    witnessUrl: opts.witness ? `${sb.url}/witness/logs/${name}` : null,
  };
  const config = { ...base, audit };
  const clock = manualClock(new Date('2026-05-01T00:00:00Z'));
  const log = createAuditLog({ db: database.db, clock, config });
  const append = async (n: number) => {
    for (let i = 0; i < n; i += 1)
      await log.record({
        actor: { operatorId: 1, username: 'alice', ip: '203.0.113.7' },
        action: 'player.freeze',
        target: { type: 'player', id: 100 + i },
        reason: `row ${i}`,
        after: { frozen: true },
      });
  };
  const cli = async (name: 'audit:verify' | 'audit:checkpoint') => {
    const lines: string[] = [];
    const code = await auditCommands[name]!.run({ config, database, options: {}, out: (l) => lines.push(l) });
    return { code, lines };
  };
  return { database, db: database.db, config, log, append, cli, name };
}

/** Runs `work` as the superuser would behind the triggers: in one transaction, replication role on. */
async function behindTriggers(db: Db, work: (tx: Db) => Promise<void>) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await work(tx as unknown as Db);
  });
}

async function rows(db: Db): Promise<AuditRow[]> {
  return db.select().from(operatorAudit).orderBy(asc(operatorAudit.seq));
}

/** Moves the chain head to `seq` (0 = empty log), as the attacker does after removing rows at the end. */
async function moveHead(tx: Db, seq: number) {
  const [row] =
    seq === 0
      ? []
      : await tx
          .select()
          .from(operatorAudit)
          .where(sql`seq = ${seq}`);
  await tx.execute(
    sql`update audit_chain_head set seq = ${seq}, hash = ${row?.hash ?? GENESIS_HASH} where id = 1`,
  );
}

/** Rewrites row `seq`'s reason and recomputes every hash from it on as the attacker can: unkeyed, or `forge`d. */
async function rewriteAndRecompute(db: Db, seq: number, forge: (row: Omit<AuditRow, 'hash'>) => string) {
  await behindTriggers(db, async (tx) => {
    const all = await rows(tx);
    let prev = all[seq - 2]?.hash ?? GENESIS_HASH;
    for (const row of all.slice(seq - 1)) {
      const changed = { ...row, prevHash: prev, reason: row.seq === seq ? 'nothing happened' : row.reason };
      const hash = forge(changed);
      await tx.execute(
        sql`update operator_audit set reason = ${changed.reason}, prev_hash = ${prev}, hash = ${hash} where seq = ${row.seq}`,
      );
      prev = hash;
    }
    await tx.execute(sql`update audit_chain_head set hash = ${prev} where id = 1`);
  });
}

describe('the audit chain against a superuser without the key', () => {
  let open: Database[] = [];
  const track = <T extends { database: Database }>(c: T) => {
    open.push(c.database);
    return c;
  };
  afterAll(async () => {
    await Promise.all(open.map((d) => d.close()));
    open = [];
  });

  it('verifies clean on an untouched chain, its checkpoint file and its witness', async () => {
    const c = track(await chain({ witness: true }));
    await c.append(4);
    expect(await c.log.checkpoint()).toMatchObject({ written: { seq: 4 }, problem: null });
    await c.append(2);
    expect((await c.cli('audit:checkpoint')).code).toBe(0);
    expect(await c.log.checkpoint()).toEqual({ written: null, problem: null });
    const stored = (await (await fetch(`${sb.url}/witness/logs/${c.name}/checkpoints`)).json()) as {
      seq: number;
    }[];
    expect(stored.map((s) => s.seq)).toEqual([4, 6]);

    const { code, lines } = await c.cli('audit:verify');
    expect(code).toBe(0);
    expect(lines).toEqual([
      '  6 rows, all keyed',
      expect.stringMatching(/^ {2}checkpoint file: row 6 as checkpointed at /),
      expect.stringMatching(/^ {2}witness: row 6 as checkpointed at /),
      'audit:verify ok (6 rows)',
    ]);
    for (const row of await rows(c.db)) expect(row.hash).toMatch(/^hmac:[0-9a-f]{12}:[0-9a-f]{64}$/);
  });

  it('detects tail erasure: the last 3 rows deleted and the head moved back', async () => {
    const c = track(await chain());
    await c.append(10);
    await c.log.checkpoint();
    await behindTriggers(c.db, async (tx) => {
      await tx.execute(sql`delete from operator_audit where seq > 7`);
      await moveHead(tx, 7);
    });
    const { code, lines } = await c.cli('audit:verify');
    expect(code).toBe(1);
    expect(lines.at(-1)).toMatch(
      /^audit:verify BROKEN at row 8: the checkpoint file's checkpoint of .* names row 10, but the log ends at row 7: rows were removed at the end or the log was emptied$/,
    );
    // The next checkpoint refuses to vouch for the shortened log.
    expect((await c.log.checkpoint()).problem).toMatch(
      /^the log went back from row 10 \(checkpoint of .*\) to row 7$/,
    );
  });

  it('detects a recomputed rewrite: row 5 changed and every hash after it recomputed without the key', async () => {
    const c = track(await chain());
    await c.append(10);
    await rewriteAndRecompute(c.db, 5, unkeyedRowHash);
    expect(await c.log.verify()).toMatchObject({
      ok: false,
      firstBadSeq: 5,
      problem: 'row 5 has an unkeyed hash after the keyed segment began at row 1 (rewritten without the key)',
    });
    // Dressed up as keyed, under the right key id, with anything but the key.
    const keyId = (await rows(c.db))[0]!.hash.split(':')[1]!;
    await rewriteAndRecompute(c.db, 5, (row) => `hmac:${keyId}:${unkeyedRowHash(row)}`);
    const { code, lines } = await c.cli('audit:verify');
    expect(code).toBe(1);
    expect(lines.at(-1)).toBe('audit:verify BROKEN at row 5: row 5 was changed after it was written');
  });

  it('detects truncation against the checkpoint: every row removed and the head reset', async () => {
    const c = track(await chain());
    await c.append(5);
    await c.log.checkpoint();
    await behindTriggers(c.db, async (tx) => {
      await tx.execute(sql`delete from operator_audit`);
      await moveHead(tx, 0);
    });
    expect(await c.log.verify()).toMatchObject({
      ok: false,
      rows: 0,
      firstBadSeq: 1,
      problem: expect.stringMatching(/checkpoint of .* names row 5, but the log ends at row 0/),
    });
  });

  it('detects a witness mismatch: the tail erased and the checkpoint file cut back, the witness remembers', async () => {
    const c = track(await chain({ witness: true }));
    await c.append(3);
    await c.log.checkpoint();
    await c.append(3);
    await c.log.checkpoint();
    await behindTriggers(c.db, async (tx) => {
      await tx.execute(sql`delete from operator_audit where seq > 3`);
      await moveHead(tx, 3);
    });
    // The attacker also has the disk: the file's last line goes, so the file agrees with the shortened log.
    const lines = fs.readFileSync(c.config.audit.checkpointFile, 'utf8').trim().split('\n');
    fs.writeFileSync(c.config.audit.checkpointFile, `${lines[0]}\n`);
    const { code, lines: out } = await c.cli('audit:verify');
    expect(code).toBe(1);
    expect(out).toContainEqual(expect.stringMatching(/^ {2}checkpoint file: row 3 as checkpointed at /));
    expect(out.at(-1)).toMatch(
      /^audit:verify BROKEN at row 4: the witness's checkpoint of .* names row 6, but the log ends at row 3/,
    );
    // Nor can the witness be made to go back or be handed another row 6.
    const post = (body: unknown) =>
      fetch(`${c.config.audit.witnessUrl}/checkpoints`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await post({ ...JSON.parse(lines[0]!) })).status).toBe(409);
    expect((await post({ ...JSON.parse(lines[1]!), hash: 'x' })).status).toBe(409);
  });

  it('sends a checkpoint the witness missed on the next tick', async () => {
    const c = track(await chain({ witness: true }));
    await c.append(2);
    const down = createAuditLog({
      db: c.db,
      clock: manualClock(new Date()),
      config: { audit: { ...c.config.audit, witnessUrl: 'http://127.0.0.1:9/witness/logs/down' } },
    });
    expect((await down.checkpoint()).problem).toMatch(/^the witness at .* could not be reached/);
    expect((await c.log.verify()).ok).toBe(true);
    expect(await c.log.checkpoint()).toEqual({ written: null, problem: null });
    const check = await c.log.verify();
    expect(check.ok).toBe(true);
    expect(check.notes.at(-1)).toMatch(/^witness: row 2 as checkpointed at /);
  });

  it('detects a forged checkpoint at the witness', async () => {
    const c = track(await chain({ witness: true }));
    await c.append(2);
    await c.log.checkpoint();
    const latest = (await (await fetch(`${c.config.audit.witnessUrl}/checkpoints/latest`)).json()) as {
      seq: number;
    };
    await fetch(`${c.config.audit.witnessUrl}/checkpoints`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...latest, seq: 9, hash: 'hmac:000000000000:' + '0'.repeat(64) }),
    });
    expect((await c.log.verify()).problem).toBe(
      "the witness's latest checkpoint has a signature that does not match (forged or changed)",
    );
  });

  it('verifies a chain whose first rows were written before keys as a keyed segment after them', async () => {
    const c = track(await chain());
    // Two rows as the log wrote them before it had keys: plain SHA-256.
    let prev = GENESIS_HASH;
    for (const seq of [1, 2]) {
      const row = {
        seq,
        at: new Date('2026-01-01T00:00:00Z'),
        operatorId: null,
        operatorUsername: 'cli:root',
        ip: null,
        action: 'operator.create',
        outcome: 'ok',
        targetType: 'operator',
        targetId: String(seq),
        reason: '',
        before: null,
        after: null,
        prevHash: prev,
      };
      prev = unkeyedRowHash(row);
      await c.db.insert(operatorAudit).values({ ...row, hash: prev });
      await c.db
        .insert(auditChainHead)
        .values({ id: 1, seq, hash: prev })
        .onConflictDoUpdate({ target: auditChainHead.id, set: { seq, hash: prev } });
    }
    await c.append(2);
    const check = await c.log.verify();
    expect(check).toMatchObject({ ok: true, rows: 4 });
    expect(check.notes[0]).toBe('4 rows: 2 unkeyed rows written before keys, keyed from row 3');
    // An unkeyed row may not follow the keyed segment.
    await rewriteAndRecompute(c.db, 4, unkeyedRowHash);
    expect((await c.log.verify()).firstBadSeq).toBe(4);
  });

  it("answers the console check with what it checked, in the console's language", async () => {
    const fresh = await createTestApp({
      audit: { ...testConfig().audit, checkpointFile: path.join(dir, 'console.log') },
    });
    try {
      const admin = await signedInOperator(fresh, 'admin');
      const check = async (language: string) => {
        const res = await fresh.app.inject({
          method: 'POST',
          url: '/api/admin/audit/verify',
          headers: { ...admin.auth, 'accept-language': language },
        });
        return (res.json() as { result: { ok: boolean; checks: string[] } }).result;
      };
      const zh = await check('zh-CN');
      expect(zh.ok).toBe(true);
      expect(zh.checks).toEqual([
        expect.stringMatching(/^共 \d+ 行，全部有密钥签名$/),
        '检查点文件：尚无检查点',
      ]);
      const en = await check('en');
      expect(en.checks).toEqual([
        expect.stringMatching(/rows, all keyed$/),
        'checkpoint file: no checkpoint yet',
      ]);
    } finally {
      await fresh.close();
    }
  });

  it('words a broken chain in Chinese for the console and in English for the command line', async () => {
    const c = track(await chain());
    await c.append(3);
    await rewriteAndRecompute(c.db, 2, unkeyedRowHash);
    const zh = await c.log.verify('zh-CN');
    expect(zh).toMatchObject({ ok: false, firstBadSeq: 2 });
    expect(zh.problem).toMatch(/^第 2 行/);
    expect(zh.problem).not.toMatch(/[a-z]{3,}/);
    expect((await c.log.verify()).problem).toMatch(/^row 2 /);
    expect((await c.cli('audit:verify')).lines.at(-1)).toMatch(/^audit:verify BROKEN at row 2: row 2 /);
  });
});

describe('the audit key', () => {
  it('is generated once into the data directory in development and required in production', () => {
    const keyFile = path.join(dir, 'keys', 'audit-hmac.key');
    const config = { ...testConfig().audit, key: null, keyFile };
    const first = loadAuditKeys(config);
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(loadAuditKeys(config).current.id).toBe(first.current.id);
    expect(() => loadAuditKeys({ ...config, keyFile: null })).toThrow(
      /AUDIT_HMAC_KEY: required under NODE_ENV=production/,
    );
  });
});
