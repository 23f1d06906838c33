import { z } from 'zod';
import { Integer } from './common';

export const Licence = z
  .object({
    customer: z.string(),
    tier: z.string(),
    transactions_per_month: Integer,
    modules: z.array(z.string()),
    valid_until: z.iso.date(),
    key_id: z.string(),
  })
  .meta({ id: 'Licence' });

export const SetupState = z
  .object({
    complete: z.boolean().meta({ description: 'True once someone can sign in' }),
    licence_required: z.boolean().meta({ description: 'True when SERVICE_LICENCE_PUBLIC_KEY is configured' }),
    licence: Licence.nullable().meta({ description: 'The already-checked licence while setup is open' }),
  })
  .meta({ id: 'SetupState' });

export const LicenceFile = z
  .object({
    payload: z.string().meta({ description: 'The licence, base64' }),
    signature: z.string().meta({ description: 'Ed25519 signature over the decoded payload, base64' }),
  })
  .meta({ id: 'LicenceFile' });

export const SetupDone = z
  .object({ email: z.email(), admin_email: z.email().meta({ description: 'The same address' }) })
  .meta({ id: 'SetupDone' });
