import { completeSetup } from '@/lib/setup/complete-setup';
import { getSetupState } from '@/lib/setup/get-setup-state';
import { clientAddress, limitSetupAttempts } from '@/lib/setup/limit-setup-attempts';
import { setupInputSchema } from '@/lib/setup/setup-input';
import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';

export const GET = route({
  auth: 'none',
  handler: async ({ db }) => json(200, await getSetupState(db)),
});

export const POST = route({
  auth: 'none',
  throttle: (request) => limitSetupAttempts(clientAddress(request.headers)),
  body: setupInputSchema,
  handler: async ({ db, body, requestId }) => {
    const result = await completeSetup(db, body, requestId);
    // `email` and `admin_email` both name the admin's email (the request calls it admin_email).
    return json(201, { email: result.adminEmail, admin_email: result.adminEmail });
  },
});
