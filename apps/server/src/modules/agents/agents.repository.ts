import { and, asc, desc, eq, getTableColumns, isNotNull, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { countRows, queryRows, type DbOrTx } from '../../db/client';
import { findRow, pgArray, selectPage, selectRows, type ArrayValue } from '../../db/rows';
import type { PageWindow } from '../../lib/paging';
import type { StatementLine, Tier } from './commission';
import {
  agentMembers,
  agentMoves,
  agentSettlementRuns,
  agentStatementLines,
  agentStatements,
  agentTiers,
  agentTree,
} from './agents.schema';

/** A member of an agent's subtree (today's tree): depth 1 = direct downline; `parentId` its upline. */
export interface SubtreeMember {
  playerId: number;
  parentId: number | null;
  depth: number;
  joinedAt: Date;
}

const idArray = (ids: readonly number[]) => `{${ids.join(',')}}`;

/** Rows per statement when writing a day's statements (see insertColumns). */
const STATEMENT_ROWS = 20_000;

/**
 * Writes `rows` into `table`, STATEMENT_ROWS at a time, each statement passing one array per column (unnest):
 * a day of thousands of agents has some hundred thousand statement lines, and a multi-row VALUES list of that
 * size spends far longer building and binding one parameter per value than the database spends writing them.
 * Every column of the table is written, as its SQL type, from the row's property of the same name (one the row
 * leaves out as NULL).
 */
async function insertColumns<T extends PgTable>(db: DbOrTx, table: T, rows: readonly T['$inferInsert'][]) {
  const columns = Object.entries(getTableColumns(table));
  const names = sql.join(
    columns.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  );
  for (let i = 0; i < rows.length; i += STATEMENT_ROWS) {
    const chunk: readonly Record<string, ArrayValue>[] = rows.slice(i, i + STATEMENT_ROWS);
    const arrays = columns.map(
      ([key, column]) => sql`${pgArray(chunk.map((r) => r[key]))}::${sql.raw(column.getSQLType())}[]`,
    );
    await db.execute(sql`insert into ${table} (${names}) select * from unnest(${sql.join(arrays, sql`, `)})`);
  }
}

export function createAgentsRepository(db: DbOrTx) {
  return {
    /**
     * Adds a new player under `uplineId` (or as a root): the member row from `day` on and the closure rows
     * (itself at depth 0, and one per ancestor of the upline, one level further).
     */
    async addMember(playerId: number, uplineId: number | null, day: string, at: Date) {
      await db
        .insert(agentMembers)
        .values({ playerId, fromDay: day, uplineId, joinedAt: at })
        .onConflictDoNothing();
      await db.execute(sql`
        insert into agent_tree (ancestor_id, descendant_id, depth)
        select ${playerId}::bigint, ${playerId}::bigint, 0
        union all
        select t.ancestor_id, ${playerId}::bigint, t.depth + 1 from agent_tree t
        where ${uplineId}::bigint is not null and t.descendant_id = ${uplineId}::bigint
        on conflict do nothing`);
    },

    /** Whether the player is in the tree at all (a player who registered before the tree existed is not). */
    async isMember(playerId: number) {
      return (
        (await countRows(
          db,
          agentTree,
          and(eq(agentTree.ancestorId, playerId), eq(agentTree.descendantId, playerId)),
        )) > 0
      );
    },

    /**
     * The whole subtree of `agentId` in one index range scan of the closure (ancestor_id, descendant_id), with
     * each member's parent and when they joined. The agent itself is not included. Every broker call reads its
     * members through this, so nothing outside the caller's own subtree can be named by any parameter.
     */
    async subtree(agentId: number): Promise<SubtreeMember[]> {
      const rows = await queryRows<{
        player_id: string;
        depth: number;
        parent_id: string | null;
        joined_at: string | Date;
      }>(
        db,
        sql`select t.descendant_id::text as player_id, t.depth, p.ancestor_id::text as parent_id,
                   (select min(m.joined_at) from agent_members m where m.player_id = t.descendant_id) as joined_at
            from agent_tree t
            left join agent_tree p on p.descendant_id = t.descendant_id and p.depth = 1
            where t.ancestor_id = ${agentId} and t.depth > 0
            order by t.depth, t.descendant_id`,
      );
      return rows.map((r) => ({
        playerId: Number(r.player_id),
        parentId: r.parent_id === null ? null : Number(r.parent_id),
        depth: r.depth,
        joinedAt: new Date(r.joined_at),
      }));
    },

    /** Team size and direct downlines of each listed player (today's tree). */
    async teamCounts(ids: readonly number[]) {
      if (ids.length === 0) return new Map<number, { team: number; direct: number }>();
      const rows = await queryRows<{ id: string; team: number; direct: number }>(
        db,
        sql`select t.ancestor_id::text as id, count(*) filter (where t.depth > 0)::int as team,
                   count(*) filter (where t.depth = 1)::int as direct
            from agent_tree t where t.ancestor_id = any(${idArray(ids)}::bigint[])
            group by t.ancestor_id`,
      );
      return new Map(rows.map((r) => [Number(r.id), { team: r.team, direct: r.direct }]));
    },

    /** The upline chain of a player in today's tree, nearest first. */
    async chain(playerId: number) {
      const rows = await queryRows<{ id: string; depth: number }>(
        db,
        sql`select ancestor_id::text as id, depth from agent_tree
            where descendant_id = ${playerId} and depth > 0 order by depth`,
      );
      return rows.map((r) => ({ id: Number(r.id), depth: r.depth }));
    },

    /** Direct downlines of `parent` in today's tree (0: players without an upline), paged by id. */
    async children(parent: number, page: PageWindow, only?: readonly number[]) {
      const filter = only ? sql`and t.descendant_id = any(${idArray(only)}::bigint[])` : sql``;
      const base =
        parent === 0
          ? sql`from agent_tree t where t.depth = 0 and not exists
                  (select 1 from agent_tree u where u.descendant_id = t.descendant_id and u.depth = 1) ${filter}`
          : sql`from agent_tree t where t.ancestor_id = ${parent} and t.depth = 1 ${filter}`;
      const [count] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n ${base}`);
      const rows = await queryRows<{ id: string }>(
        db,
        sql`select t.descendant_id::text as id ${base} order by t.descendant_id limit ${page.limit} offset ${page.offset}`,
      );
      return { ids: rows.map((r) => Number(r.id)), total: count?.n ?? 0 };
    },

    /** The tree as it stood on `day`: every member with a row in force that day, and their upline then. */
    async uplinesOn(day: string): Promise<Map<number, number | null>> {
      const rows = await queryRows<{ player_id: string; upline_id: string | null }>(
        db,
        sql`select player_id::text, upline_id::text from agent_members
            where from_day <= ${day}::date and (until_day is null or until_day > ${day}::date)`,
      );
      return new Map(
        rows.map((r) => [Number(r.player_id), r.upline_id === null ? null : Number(r.upline_id)]),
      );
    },

    /** The member row in force from `day` on (the latest one starting on or before it). */
    memberOn: (playerId: number, day: string) =>
      findRow(
        db,
        agentMembers,
        and(eq(agentMembers.playerId, playerId), sql`${agentMembers.fromDay} <= ${day}::date`),
        [desc(agentMembers.fromDay)],
      ),

    pendingMove: (playerId: number, today: string) =>
      findRow(
        db,
        agentMembers,
        and(eq(agentMembers.playerId, playerId), sql`${agentMembers.fromDay} > ${today}::date`),
      ),

    /**
     * Moves `playerId` (with its whole subtree) under `toUplineId` from `effectiveDay` on: the member row in
     * force is closed at that day and a new one opens (a second move before that day replaces the first), and
     * today's closure is rewritten: the paths from the old ancestors into the subtree go, the paths from the
     * new upline's ancestors (and itself) to every subtree member come. Answers the subtree's size.
     */
    async move(playerId: number, toUplineId: number | null, effectiveDay: string, joinedAt: Date) {
      await db.execute(
        sql`delete from agent_members where player_id = ${playerId} and from_day >= ${effectiveDay}::date`,
      );
      await db.execute(sql`update agent_members set until_day = ${effectiveDay}::date
                           where player_id = ${playerId} and (until_day is null or until_day > ${effectiveDay}::date)`);
      await db
        .insert(agentMembers)
        .values({ playerId, fromDay: effectiveDay, uplineId: toUplineId, joinedAt });
      await db.execute(sql`
        delete from agent_tree t
        where t.descendant_id in (select descendant_id from agent_tree where ancestor_id = ${playerId})
          and t.ancestor_id not in (select descendant_id from agent_tree where ancestor_id = ${playerId})`);
      if (toUplineId !== null) {
        await db.execute(sql`
          insert into agent_tree (ancestor_id, descendant_id, depth)
          select up.ancestor_id, sub.descendant_id, up.depth + sub.depth + 1
          from agent_tree up, agent_tree sub
          where up.descendant_id = ${toUplineId} and sub.ancestor_id = ${playerId}`);
      }
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from agent_tree where ancestor_id = ${playerId}`,
      );
      return row?.n ?? 0;
    },

    async recordMove(row: typeof agentMoves.$inferInsert) {
      await db.insert(agentMoves).values(row);
    },

    async tiers(): Promise<Tier[]> {
      const rows = await db.select().from(agentTiers).orderBy(asc(agentTiers.level));
      return rows.map((r) => ({ level: r.level, minTeamMicro: r.minTeamMicro, ratesPpm: r.ratesPpm }));
    },

    async tiersUpdatedAt() {
      const [row] = await queryRows<{ at: string | Date | null }>(
        db,
        sql`select max(updated_at) as at from agent_tiers`,
      );
      return row?.at ? new Date(row.at) : null;
    },

    async replaceTiers(tiers: readonly Tier[], at: Date) {
      await db.delete(agentTiers);
      if (tiers.length) {
        await db.insert(agentTiers).values(
          tiers.map((t) => ({
            level: t.level,
            minTeamMicro: t.minTeamMicro,
            ratesPpm: t.ratesPpm,
            updatedAt: at,
          })),
        );
      }
    },

    async run(day: string) {
      const [row] = await db.select().from(agentSettlementRuns).where(eq(agentSettlementRuns.day, day));
      return row ?? null;
    },

    runs: (page: PageWindow) =>
      selectPage(db, agentSettlementRuns, { orderBy: [desc(agentSettlementRuns.day)], ...page }),

    async insertRun(row: typeof agentSettlementRuns.$inferInsert) {
      await db.insert(agentSettlementRuns).values(row);
    },

    /** A day's statements and their lines (see insertColumns). */
    async insertStatements(
      statements: (typeof agentStatements.$inferInsert)[],
      lines: (typeof agentStatementLines.$inferInsert)[],
    ) {
      await insertColumns(db, agentStatements, statements);
      await insertColumns(db, agentStatementLines, lines);
    },

    statement: (agentId: number, day: string) =>
      findRow(db, agentStatements, and(eq(agentStatements.agentId, agentId), eq(agentStatements.day, day))),

    async statementLines(agentId: number, day: string): Promise<StatementLine[]> {
      const rows = await selectRows(db, agentStatementLines, {
        where: and(eq(agentStatementLines.agentId, agentId), eq(agentStatementLines.day, day)),
        orderBy: [asc(agentStatementLines.lineNo)],
      });
      return rows.map(({ agentId: _a, day: _d, lineNo: _n, ...line }) => line);
    },

    /** The lines of `uplineId`'s statements about the branch of `downlineId` on the days [from, to]. */
    async branchLines(uplineId: number, downlineId: number, from: string, to: string) {
      return selectRows(db, agentStatementLines, {
        where: and(
          eq(agentStatementLines.agentId, uplineId),
          eq(agentStatementLines.downlineId, downlineId),
          sql`${agentStatementLines.day} between ${from}::date and ${to}::date`,
        ),
      });
    },

    statements: (agentId: number, page: PageWindow) =>
      selectPage(db, agentStatements, {
        where: eq(agentStatements.agentId, agentId),
        orderBy: [desc(agentStatements.day)],
        ...page,
      }),

    /** Commission paid to each listed agent over all settled days. */
    async paidTotals(ids: readonly number[]) {
      if (ids.length === 0) return new Map<number, bigint>();
      const rows = await queryRows<{ id: string; total: string }>(
        db,
        sql`select agent_id::text as id, sum(commission_micro)::text as total from agent_statements
            where agent_id = any(${idArray(ids)}::bigint[]) and transfer_key is not null group by agent_id`,
      );
      return new Map(rows.map((r) => [Number(r.id), BigInt(r.total)]));
    },

    async paidStatementCount(day: string) {
      return countRows(
        db,
        agentStatements,
        and(eq(agentStatements.day, day), isNotNull(agentStatements.transferKey)),
      );
    },
  };
}

export type AgentsRepository = ReturnType<typeof createAgentsRepository>;
