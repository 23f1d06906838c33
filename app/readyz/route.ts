import { checkReadiness } from '@/lib/health/readiness';
import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';
export const GET = route({
  auth: 'none',
  handler: async ({ db }) => {
    const readiness = await checkReadiness(db);
    return json(readiness.ready ? 200 : 503, readiness);
  },
});
