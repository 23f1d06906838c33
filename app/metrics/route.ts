import { UnauthorizedError } from '@/lib/errors';
import { route } from '@/lib/http/route';
import { metricsAllowed, metricsExposition } from '@/lib/metrics';

export const dynamic = 'force-dynamic';

/** Prometheus text exposition. With SERVICE_METRICS_TOKEN set, only `Authorization: Bearer <token>` may read it. */
export const GET = route({
  auth: 'none',
  hidden: true,
  handler: async ({ request }) => {
    if (!metricsAllowed(request.headers.get('authorization'))) throw new UnauthorizedError('missing or invalid metrics token');
    const { contentType, body } = await metricsExposition();
    return new Response(body, { status: 200, headers: { 'content-type': contentType, 'cache-control': 'no-store' } });
  },
});
