import { describe, expect, it } from 'vitest';
import { body, useTestApp } from '../../../test/app';
import { useOperators } from '../operators/operators.fixtures';

const t = useTestApp();
const ops = useOperators(t, { admin: 'admin' });

/** Every console list that filters by time, with the names of its two time fields. */
const FILTERS: [string, string, string][] = [
  ['/api/admin/audit', 'from', 'to'],
  ['/api/admin/ledger/transfers', 'from', 'to'],
  ['/api/admin/players', 'registered_from', 'registered_to'],
  ['/api/admin/deposits/orders', 'from', 'to'],
  ['/api/admin/deposits/transfers', 'from', 'to'],
];

/** Valid ISO 8601 texts that name instants far outside any time Koi has records for. */
const OUT_OF_RANGE = [
  '0001-01-01',
  '0001-01-01T00:00:00Z',
  '9999-12-31',
  '9999-12-31T23:59:59-14:00',
  '1899-12-31T23:59:59Z',
  '2200-01-01T00:00:00+08:00',
];

describe('console date filters', () => {
  for (const [url, fromField, toField] of FILTERS) {
    it(`${url} refuses a date outside the supported years with a 400 in the envelope, never a 500`, async () => {
      for (const field of [fromField, toField]) {
        for (const value of OUT_OF_RANGE) {
          const res = await t.app.inject({
            method: 'GET',
            url: `${url}?${field}=${encodeURIComponent(value)}`,
            headers: ops.admin.auth,
          });
          expect(res.statusCode, `${field}=${value}`).toBe(400);
          const b = body(res);
          expect(b.code).toBe(400);
          expect(b.message).toContain(field);
          expect(b.message).toMatch(/2000.*2100/);
        }
      }
    });

    it(`${url} accepts dates and instants inside the supported years`, async () => {
      for (const value of [
        '2000-01-01',
        '2099-12-31',
        '2099-12-31T15:59:59Z',
        '2026-11-27T10:00:00+08:00',
        '2026-11-27T02:00:00.123Z',
      ]) {
        const res = await t.app.inject({
          method: 'GET',
          url: `${url}?${fromField}=${encodeURIComponent(value)}&${toField}=${encodeURIComponent('2099-12-31T00:00:00Z')}`,
          headers: ops.admin.auth,
        });
        expect(res.statusCode, value).toBe(200);
        expect(body(res).code).toBe(200);
      }
    });

    it(`${url} refuses a calendar date that does not exist`, async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `${url}?${fromField}=2026-02-31`,
        headers: ops.admin.auth,
      });
      expect(res.statusCode).toBe(400);
    });
  }
});
