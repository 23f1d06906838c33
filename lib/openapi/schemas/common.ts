import { z } from 'zod';

// Response schemas of the OpenAPI document. Each matches what a serialiser (lib/<domain>/serialize.ts)
// sends, field for field: objects are closed (additionalProperties false), so the document test, which
// checks real responses against them, fails when a serialiser adds or renames a field. A schema with an
// `id` becomes a component of the document (#/components/schemas/<id>).

export const Uuid = z.uuid();
/** RFC 3339 in UTC with milliseconds, as every timestamp the service sends. */
export const DateTime = z.iso.datetime({ offset: true });
export const Integer = z.number().int();

/** A key ID (UUID), or `service-admin` and such for the command line. */
export const KeyId = z.string().meta({ description: 'Key ID of an API key (a UUID); `service-admin` for the command line' });

export const ErrorBody = z
  .looseObject({ error: z.string().meta({ description: 'What went wrong, in plain words. Branch on the status code, not on this text' }) })
  .meta({ id: 'Error', description: 'Every JSON error. Some statuses add fields (for example `checks` on a report 422)', examples: [{ error: 'alert not found' }] });

export const Amount = z
  .object({
    value: z.number().min(0).meta({ description: 'Non-negative amount in the currency' }),
    currency: z.string().meta({ description: 'Three-letter ISO 4217 code' }),
  })
  .meta({ id: 'Amount', examples: [{ value: 4800, currency: 'EUR' }] });

export const nextCursor = z
  .string()
  .optional()
  .meta({ description: 'Present only when more rows exist: send it back as `cursor` for the next page' });

export const DecisionOutcome = z.enum(['allow', 'review', 'block']).meta({ id: 'DecisionOutcome' });

export const OpenApiDocument = z
  .looseObject({
    openapi: z.string().meta({ description: '3.1.0' }),
    info: z.looseObject({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.unknown()),
    components: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'OpenApiDocument', description: 'An OpenAPI 3.1 document' });
