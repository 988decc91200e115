import { and, asc, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import { attemptLimit } from '../../db/attempts';
import {
  exists,
  findRow,
  insertRow,
  selectPage,
  selectRows,
  updateCount,
  updateRow,
  valuesByKey,
} from '../../db/rows';
import {
  operatorEnrolments,
  operatorLogins,
  operators,
  operatorSessions,
  operatorRecoveryCodes,
  operatorSetups,
  OperatorStatus,
} from './operators.schema';

/** SQL for operators, their sessions and sign-ins. Nothing here decides; the service does. */
export function createOperatorsRepository(db: DbOrTx) {
  const signIns = attemptLimit(db, operators, {
    failures: operators.failedLogins,
    lockedUntil: operators.lockedUntil,
  });

  /**
   * Spends a one-time link (an enrolment or a setup link): one conditional UPDATE that succeeds only while the
   * link is unused and unexpired, so two browsers submitting the same link at once cannot both use it.
   */
  async function spendLink(table: typeof operatorEnrolments | typeof operatorSetups, id: number, now: Date) {
    const usable = and(eq(table.id, id), isNull(table.usedAt), gt(table.expiresAt, now));
    return (await updateCount(db, table, usable, { usedAt: now })) === 1;
  }
  /** The operator's sessions nobody has revoked (some may have expired since). */
  const open = (operatorId: number) =>
    and(eq(operatorSessions.operatorId, operatorId), isNull(operatorSessions.revokedAt));
  return {
    async insertOperator(row: typeof operators.$inferInsert) {
      return insertRow(db, operators, row);
    },

    async findByUsername(username: string) {
      return findRow(db, operators, sql`lower(${operators.username}) = lower(${username})`);
    },

    findById: (id: number) => findRow(db, operators, eq(operators.id, id)),

    /** Usernames of several operators in one query (screens that name who approved or reviewed). */
    usernamesOf: (ids: number[]): Promise<Map<number, string>> =>
      valuesByKey(db, operators.id, operators.username, ids),

    /** The row locked for the rest of the caller's transaction (role and status changes). */
    async lockById(id: number) {
      const rows = await queryRows<{ id: number }>(
        db,
        sql`select id from ${operators} where id = ${id} for update`,
      );
      return rows.length > 0;
    },

    async list(limit: number, offset: number) {
      return selectPage(db, operators, { orderBy: [asc(operators.id)], limit, offset });
    },

    /**
     * Active admins other than `exceptId`, with their rows locked: two admins demoting each other at the
     * same moment both wait here, and the second sees the first's change, so the last admin always remains.
     */
    async lockOtherActiveAdmins(exceptId: number) {
      const rows = await queryRows<{ id: number }>(
        db,
        sql`select id from ${operators}
            where role = 'admin' and status = ${OperatorStatus.ACTIVE} and id <> ${exceptId}
            order by id for update`,
      );
      return rows.length;
    },

    async update(id: number, set: Partial<typeof operators.$inferInsert>) {
      return updateRow(db, operators, eq(operators.id, id), set);
    },

    /**
     * Reserves one sign-in attempt before the password and code are checked (reserve, then validate), so
     * parallel guesses cannot all slip under the limit. Returns the attempt number, or null when none is left.
     */
    reserveAttempt: (id: number, maxFailures: number, now: Date) =>
      signIns.reserve(eq(operators.id, id), maxFailures, now),

    clearExpiredLock: (id: number, now: Date) => signIns.clearExpiredLock(eq(operators.id, id), now),

    async lock(id: number, until: Date) {
      await db.update(operators).set({ lockedUntil: until }).where(eq(operators.id, id));
    },

    /**
     * Spends a TOTP time step: succeeds only when the step is later than the last one used, in one
     * conditional UPDATE, so the same code can never sign in twice even from two requests at once.
     */
    async spendTotpStep(id: number, step: number, now: Date) {
      const unspent = sql`(${operators.totpLastStep} is null or ${operators.totpLastStep} < ${step})`;
      const set = { totpLastStep: step, failedLogins: 0, lockedUntil: null, lastLoginAt: now };
      return (await updateCount(db, operators, and(eq(operators.id, id), unspent), set)) === 1;
    },

    async insertLogin(row: typeof operatorLogins.$inferInsert) {
      await db.insert(operatorLogins).values(row);
    },

    async insertSession(row: typeof operatorSessions.$inferInsert) {
      const rows = await db.insert(operatorSessions).values(row).returning({ id: operatorSessions.id });
      return rows[0]!.id;
    },

    async findSessionByTokenHash(tokenHash: string) {
      const rows = await db
        .select({ session: operatorSessions, operator: operators })
        .from(operatorSessions)
        .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
        .where(eq(operatorSessions.tokenHash, tokenHash))
        .limit(1);
      return rows[0] ?? null;
    },

    async touchSession(id: number, now: Date) {
      await updateCount(db, operatorSessions, eq(operatorSessions.id, id), { lastSeenAt: now });
    },

    async listSessions(operatorId: number, limit: number) {
      return selectRows(db, operatorSessions, {
        where: eq(operatorSessions.operatorId, operatorId),
        orderBy: [desc(operatorSessions.id)],
        limit,
      });
    },

    /** Ends one session of the operator; false when it is not theirs or already ended. */
    async revokeSession(operatorId: number, sessionId: number, now: Date) {
      const one = and(open(operatorId), eq(operatorSessions.id, sessionId));
      return (await updateCount(db, operatorSessions, one, { revokedAt: now })) === 1;
    },

    /** Ends every session of the operator, optionally but one (after a password change: keep the current). */
    async revokeAllSessions(operatorId: number, now: Date, keepSessionId?: number) {
      const kept = keepSessionId === undefined ? undefined : ne(operatorSessions.id, keepSessionId);
      await db
        .update(operatorSessions)
        .set({ revokedAt: now })
        .where(and(open(operatorId), kept));
    },
    async insertEnrolment(row: typeof operatorEnrolments.$inferInsert) {
      return insertRow(db, operatorEnrolments, row);
    },

    findEnrolmentByTokenHash: (tokenHash: string) =>
      findRow(db, operatorEnrolments, eq(operatorEnrolments.tokenHash, tokenHash)),

    /** Spends an enrolment link once (see spendLink). */
    spendEnrolment: (id: number, now: Date) => spendLink(operatorEnrolments, id, now),

    /** Withdraws the operator's unused links (a reset replaces them). */
    async withdrawEnrolments(operatorId: number, now: Date) {
      await db
        .update(operatorEnrolments)
        .set({ usedAt: now })
        .where(and(eq(operatorEnrolments.operatorId, operatorId), isNull(operatorEnrolments.usedAt)));
    },

    /** Whether any operator account exists (disabled ones count: the console has been set up). */
    anyOperator: (): Promise<boolean> => exists(db, operators, undefined),

    async insertSetup(row: typeof operatorSetups.$inferInsert) {
      return insertRow(db, operatorSetups, row);
    },

    findSetupByTokenHash: (tokenHash: string) =>
      findRow(db, operatorSetups, eq(operatorSetups.tokenHash, tokenHash)),

    /** Withdraws every unused setup link (a new one replaces them). */
    async withdrawSetups(now: Date) {
      await db.update(operatorSetups).set({ usedAt: now }).where(isNull(operatorSetups.usedAt));
    },

    /** Spends a setup link once (see spendLink). */
    spendSetup: (id: number, now: Date) => spendLink(operatorSetups, id, now),

    /** Replaces the operator's recovery codes (used ones too) with new hashes. */
    async replaceRecoveryCodes(operatorId: number, codeHashes: string[], now: Date) {
      await db.delete(operatorRecoveryCodes).where(eq(operatorRecoveryCodes.operatorId, operatorId));
      if (codeHashes.length === 0) return;
      await db
        .insert(operatorRecoveryCodes)
        .values(codeHashes.map((codeHash) => ({ operatorId, codeHash, createdAt: now })));
    },

    /**
     * Spends one recovery code with a conditional UPDATE: of two sign-ins presenting the same code at once,
     * exactly one sees a row updated.
     */
    async spendRecoveryCode(operatorId: number, codeHash: string, now: Date) {
      const usable = and(
        eq(operatorRecoveryCodes.operatorId, operatorId),
        eq(operatorRecoveryCodes.codeHash, codeHash),
        isNull(operatorRecoveryCodes.usedAt),
      );
      return (await updateCount(db, operatorRecoveryCodes, usable, { usedAt: now })) === 1;
    },

    /** How many unused recovery codes the operator has, and when they were made (null: none ever). */
    async recoveryCodesLeft(operatorId: number) {
      const rows = await queryRows<{ left: number; created_at: string | null }>(
        db,
        sql`select count(*) filter (where used_at is null)::int as left, max(created_at) as created_at
            from ${operatorRecoveryCodes} where operator_id = ${operatorId}`,
      );
      const row = rows[0];
      return { left: row?.left ?? 0, createdAt: row?.created_at ? new Date(row.created_at) : null };
    },

    /** Whether `issuerId` created, reset or re-enrolled `operatorId` at or after `since`. */
    async enrolledBy(operatorId: number, issuerId: number, since: Date) {
      const rows = await queryRows<{ one: number }>(
        db,
        sql`select 1 as one from ${operatorEnrolments}
            where operator_id = ${operatorId} and issued_by = ${issuerId} and created_at >= ${since.toISOString()}::timestamptz limit 1`,
      );
      return rows.length > 0;
    },

    /** The devices the operator signed in from (sessions and sign-in attempts), most recent first. */
    async devicesOf(operatorId: number, limit: number): Promise<string[]> {
      const rows = await queryRows<{ device: string }>(
        db,
        sql`select device from (
              select device, max(created_at) as at from (
                select device, created_at from ${operatorSessions} where operator_id = ${operatorId}
                union all
                select device, created_at from ${operatorLogins} where operator_id = ${operatorId}
              ) d where device is not null and device <> '' group by device
            ) o order by at desc limit ${limit}`,
      );
      return rows.map((r) => r.device);
    },
  };
}

export type OperatorsRepository = ReturnType<typeof createOperatorsRepository>;
export type OperatorRow = typeof operators.$inferSelect;
