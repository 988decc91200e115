import type { AuditEntry } from '@koi/contract';
import type { AuditRow } from './audit.repository';
import type { ChainCheck } from './audit.service';

/* The audit log's one mapping from its camelCase rows to the snake_case wire (decision 3). */

const parseJson = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

export function auditWire(row: AuditRow): AuditEntry {
  return {
    id: row.seq,
    at: row.at.toISOString(),
    operator_id: row.operatorId,
    operator: row.operatorUsername,
    ip: row.ip,
    action: row.action,
    outcome: row.outcome === 'denied' ? 'denied' : 'ok',
    target_type: row.targetType,
    target_id: row.targetId,
    reason: row.reason,
    before: parseJson(row.before),
    after: parseJson(row.after),
    hash: row.hash,
  };
}

export const chainCheckWire = (c: ChainCheck) => ({
  ok: c.ok,
  rows: c.rows,
  first_bad_id: c.firstBadSeq,
  problem: c.problem,
  checks: c.notes,
});
