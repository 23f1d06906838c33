import { exportAuditCsv } from '@/lib/audit/export-csv';
import { auditFilterFromParams } from '@/lib/audit/console-filter';
import { InvalidInputError } from '@/lib/errors';
import { route } from '@/lib/http/route';

/**
 * GET /audit/export: the audit page's filtered entries as a CSV file, for the signed-in reviewer or admin. The
 * same filters as the page; here a filter that cannot be read is refused (400), since a file must not silently
 * hold more than was asked for.
 */
export const GET = route({
  auth: 'person',
  path: '/audit/export',
  hidden: true,
  handler: async ({ db, actor, request }) => {
    const { filter, problems } = auditFilterFromParams(Object.fromEntries(new URL(request.url).searchParams));
    if (problems.length > 0) throw new InvalidInputError(problems[0] as string);
    const stream = exportAuditCsv(db, actor, filter);
    const day = new Date().toISOString().slice(0, 10);
    return new Response(stream, {
      status: 200,
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="audit-log-${day}.csv"`,
        'cache-control': 'no-store',
      },
    });
  },
});
