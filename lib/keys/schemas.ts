import { z } from 'zod';
import { pageParams } from '@/lib/paging';
import { characters } from '@/lib/people/schemas';

export const KEY_NAME_MAX = 64;
export const KEY_NAME_MESSAGE = `name must be 1 to ${KEY_NAME_MAX} characters`;

/**
 * createKey: the key's name and, from the command line only (`-owner EMAIL`), the person it acts for.
 * Characters are counted as a person counts them (code points), like people's and setup's fields; JSON
 * Schema's maxLength counts the same way, so the document states the limit.
 */
export const newKeyInput = z.object({
  name: z
    .string({ error: KEY_NAME_MESSAGE })
    .min(1, KEY_NAME_MESSAGE)
    .refine((name) => characters(name) <= KEY_NAME_MAX, KEY_NAME_MESSAGE)
    .meta({ maxLength: KEY_NAME_MAX }),
  ownerEmail: z.string().optional(),
});

/** POST /v1/keys body: the name only (a key's owner follows from the calling key). */
export const newKeyBody = newKeyInput.pick({ name: true });

/** GET /v1/keys query: a page. */
export const keyListQuery = z.object(pageParams);
