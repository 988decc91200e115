import { adminAuditQuery, adminAuditResult, auditVerifyResult, emptyBody } from '@koi/contract';
import { pageWindow } from '../../lib/paging';
import { parseTimeQuery } from '../../lib/time-range';
import { localeOf } from '../../plugins/locale';
import { type ApiRoutes, listed, routesPlugin } from '../../plugins/routes';
import type { AuditLog } from './audit.service';
import { auditWire, chainCheckWire } from './audit.wire';

/** The console's audit screen: the log, newest first, and a check of the whole hash chain. */
function auditApi(api: ApiRoutes, { audit }: { audit: Pick<AuditLog, 'page' | 'verify'> }) {
  const auditRead = api.area('audit').read;

  auditRead.get(
    '/api/admin/audit',
    { summary: '审计日志', querystring: adminAuditQuery, result: adminAuditResult },
    async (request) => {
      const q = request.query;
      const [targetType, ...rest] = q.target ? q.target.split(':') : [''];
      const found = await audit.page({
        operator: q.operator,
        action: q.action,
        targetType: targetType ?? '',
        targetId: rest.join(':'),
        from: parseTimeQuery(q.from, 'from'),
        to: parseTimeQuery(q.to, 'to'),
        ...pageWindow(q),
      });
      return listed(found, auditWire);
    },
  );

  auditRead.post(
    '/api/admin/audit/verify',
    { summary: '校验审计日志哈希链', body: emptyBody, result: auditVerifyResult },
    async (request) => chainCheckWire(await audit.verify(localeOf(request))),
  );
}

export const auditRoutes = routesPlugin(['后台：审计'], auditApi);
