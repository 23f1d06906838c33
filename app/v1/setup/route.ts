import { completeSetup } from '@/lib/setup/complete-setup';
import { getSetupState } from '@/lib/setup/get-setup-state';
import { clientAddress, limitSetupAttempts } from '@/lib/setup/limit-setup-attempts';
import { setupInput } from '@/lib/setup/schemas';
import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';
import * as schemas from '@/lib/openapi/schemas';

export const GET = route({
  auth: 'none',
  summary: 'Whether setup is open, and whether it needs a licence',
  responses: { 200: schemas.SetupState },
  handler: async ({ db }) => json(200, await getSetupState(db)),
});

export const POST = route({
  auth: 'none',
  summary: 'Complete setup: the organisation and its first admin',
  description:
    'Saves the organisation details (they appear on filings) and creates the admin, who must replace the password at first sign-in. Closes (409) as soon as someone can sign in. 20 attempts per minute per client address.',
  responses: { 201: schemas.SetupDone },
  errors: {
    409: ['setup is complete: someone can already sign in', 'a licence is required: check the licence first'],
  },
  requestExample: {
    institution: 'Northwind Savings Bank',
    licence: 'FCA-123456',
    regulator: 'Financial Intelligence Unit',
    admin_name: 'Ada Admin',
    admin_email: 'ada@northwind.example',
    admin_password: 'a long first passphrase',
  },
  throttle: (request) => limitSetupAttempts(clientAddress(request.headers)),
  body: setupInput,
  handler: async ({ db, body, requestId }) => {
    const result = await completeSetup(db, body, { requestId });
    // `email` and `admin_email` both name the admin's email (the request calls it admin_email).
    return json(201, { email: result.adminEmail, admin_email: result.adminEmail });
  },
});
