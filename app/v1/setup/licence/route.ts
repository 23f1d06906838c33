import { z } from 'zod';
import { checkLicence } from '@/lib/setup/check-licence';
import { clientAddress, limitSetupAttempts } from '@/lib/setup/limit-setup-attempts';
import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';

export const POST = route({
  auth: 'none',
  throttle: (request) => limitSetupAttempts(clientAddress(request.headers)),
  // Anything goes through to the licence check, which says in plain words why a file is not a licence.
  body: z.unknown(),
  handler: async ({ db, body }) => {
    const file = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    return json(200, await checkLicence(db, { payload: file.payload, signature: file.signature }));
  },
});
