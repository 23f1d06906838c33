import { z } from 'zod';
import { checkLicence } from '@/lib/setup/check-licence';
import { clientAddress, limitSetupAttempts } from '@/lib/setup/limit-setup-attempts';
import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';
import * as schemas from '@/lib/openapi/schemas';

export const POST = route({
  auth: 'none',
  summary: 'Check a licence file',
  description:
    'Only when `licence_required` is true. The signature is an Ed25519 signature over the decoded payload, checked offline against SERVICE_LICENCE_PUBLIC_KEY. A passing licence is kept until setup completes. 400 says why a file is refused: not a licence file, signature mismatch or expired.',
  requestSchema: schemas.LicenceFile,
  responses: { 200: schemas.Licence },
  errors: { 409: ['setup is complete: someone can already sign in'] },
  throttle: (request) => limitSetupAttempts(clientAddress(request.headers)),
  // Anything goes through to the licence check, which says in plain words why a file is not a licence.
  body: z.unknown(),
  handler: async ({ db, body }) => {
    const file = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    return json(200, await checkLicence(db, { payload: file.payload, signature: file.signature }));
  },
});
