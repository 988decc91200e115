import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { body, useTestApp } from '../../../test/app';
import {
  adminLogin,
  enrolOperator,
  NEW_PASSWORD,
  operatorRequests,
  signedInOperator,
  totpAt,
  uniqueOperatorName,
} from './operators.fixtures';

const t = useTestApp();

const { get, post } = operatorRequests(t);

/** A console-made operator, enrolled through its link: its password is NEW_PASSWORD and it holds ten codes. */
async function enrolled() {
  const admin = await signedInOperator(t, 'admin');
  const made = await post('/api/admin/operators', admin.token, {
    username: uniqueOperatorName('rc'),
    role: 'support',
    reason: 'recovery codes',
  });
  const { enrol_token: token } = body<{ enrol_token: string }>(made).result;
  return { admin, ...(await enrolOperator(t, token)) };
}

const withCode = (username: string, code: string, password = NEW_PASSWORD) =>
  adminLogin(t.app, { username, password, recovery_code: code });

async function lastAudit(action: string) {
  const [row] = await queryRows<{ after: string }>(
    t.database.db,
    sql`select after from operator_audit where action = ${action} order by seq desc limit 1`,
  );
  return row && (JSON.parse(row.after) as Record<string, unknown>);
}

describe('operator recovery codes', () => {
  it('are handed out once at enrolment, each signs in once instead of the code, typed in any case', async () => {
    const op = await enrolled();
    expect(op.recoveryCodes).toHaveLength(10);
    expect(new Set(op.recoveryCodes).size).toBe(10);
    const [first, second] = op.recoveryCodes as [string, string];
    const typed = first.toLowerCase().replaceAll('-', ' ');
    const res = await withCode(op.username, typed);
    expect(body(res).code).toBe(200);
    const token = body<{ token: string }>(res).result.token;
    expect(body(await get('/api/admin/me', token)).result).toMatchObject({ username: op.username });
    expect(await lastAudit('operator.login')).toMatchObject({
      second_factor: 'recovery_code',
      recovery_codes_left: 9,
    });
    // Spent: the same code never works again, the next one does.
    expect(body(await withCode(op.username, first)).code).toBe(6001);
    expect(body(await withCode(op.username, second)).code).toBe(200);
    const status = body<{ left: number; created_at: string }>(await get('/api/admin/recovery-codes', token));
    expect(status.result.left).toBe(8);
    expect(Date.parse(status.result.created_at)).toBeGreaterThan(0);
  });

  it('needs the right password too, and counts a wrong code toward the lock like a wrong authenticator code', async () => {
    const op = await enrolled();
    expect(body(await withCode(op.username, op.recoveryCodes[0]!, 'not the password')).code).toBe(6001);
    // The wrong password spent nothing: the code still works afterwards (checked last, below).
    for (let i = 0; i < 4; i += 1) {
      expect(body(await withCode(op.username, 'AAAA-BBBB-CCCC-DDDD')).code).toBe(i < 3 ? 6001 : 6002);
    }
    expect(body(await withCode(op.username, op.recoveryCodes[0]!)).code).toBe(6002);
    t.clock.advance(15 * 60_000 + 1);
    expect(body(await withCode(op.username, op.recoveryCodes[0]!)).code).toBe(200);
  });

  it('lets exactly one of twenty parallel sign-ins with the same code through', async () => {
    for (let round = 0; round < 3; round += 1) {
      const op = await enrolled();
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => withCode(op.username, op.recoveryCodes[round]!)),
      );
      const codes = answers.map((r) => body(r).code);
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c !== 200).every((c) => c === 6001 || c === 6002)).toBe(true);
    }
  });

  it('refuses both factors at once, neither, and a code of the wrong shape, with a message in Chinese', async () => {
    const op = await enrolled();
    const both = await adminLogin(t.app, {
      username: op.username,
      password: NEW_PASSWORD,
      totp: await totpAt(t, op.totpSecret),
      recovery_code: op.recoveryCodes[0]!,
    });
    expect(body(both)).toMatchObject({ code: 400, message: expect.stringContaining('二选一') });
    const neither = await adminLogin(t.app, { username: op.username, password: NEW_PASSWORD });
    expect(body(neither)).toMatchObject({ code: 400, message: expect.stringContaining('二选一') });
    const short = await withCode(op.username, 'ABCD-EFGH');
    expect(body(short)).toMatchObject({ code: 400, message: expect.stringContaining('恢复码须为16位') });
    // Nothing was spent by the refusals.
    expect(body(await withCode(op.username, op.recoveryCodes[0]!)).code).toBe(200);
  });

  it('makes a new set on request with the current password; the old codes stop working', async () => {
    const op = await enrolled();
    const wrong = await post('/api/admin/recovery-codes', op.login.token, { password: 'not it at all' });
    expect(body(wrong).code).toBe(6007);
    const made = await post('/api/admin/recovery-codes', op.login.token, { password: NEW_PASSWORD });
    const fresh = body<{ recovery_codes: string[] }>(made).result.recovery_codes;
    expect(fresh).toHaveLength(10);
    expect(fresh.some((c) => op.recoveryCodes.includes(c))).toBe(false);
    expect(await lastAudit('operator.recovery_codes')).toEqual({ recovery_codes: 10 });
    expect(body(await withCode(op.username, op.recoveryCodes[0]!)).code).toBe(6001);
    expect(body(await withCode(op.username, fresh[0]!)).code).toBe(200);
  });

  it('stop working when an admin resets the operator, and the re-enrolment hands out a new set', async () => {
    const op = await enrolled();
    const [row] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from operators where username = ${op.username}`,
    );
    const res = await post(`/api/admin/operators/${row!.id}/reset`, op.admin.token, { reason: 'lost phone' });
    const { enrol_token: token } = body<{ enrol_token: string }>(res).result;
    expect(body(await withCode(op.username, op.recoveryCodes[0]!)).code).toBe(6001);
    const again = await enrolOperator(t, token);
    expect(again.recoveryCodes).toHaveLength(10);
    expect(body(await withCode(op.username, again.recoveryCodes[0]!)).code).toBe(200);
  });
});
