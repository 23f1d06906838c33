import { json } from '@/lib/http/respond';
import { readBodyBytes } from '@/lib/http/body';
import { route } from '@/lib/http/route';
import { LIST_UPLOAD_MAX_BYTES, loadListFromUpload } from '@/lib/screening/load-list-upload';

/**
 * POST /settings/lists/upload: the list file as the request body (the console's list upload sends the file as it
 * is, its name in `X-File-Name`), loaded for the signed-in admin. Answers the list's descriptor, 400 with the first
 * problem of a bad file (nothing loaded), 403 for anyone but an admin, 413 over 64 MB.
 */
export const POST = route({
  auth: 'person',
  path: '/settings/lists/upload',
  hidden: true,
  bodyLimit: LIST_UPLOAD_MAX_BYTES,
  handler: async ({ db, actor, request }) => {
    const bytes = await readBodyBytes(request, LIST_UPLOAD_MAX_BYTES);
    let name: string | null = null;
    try {
      name = decodeURIComponent(request.headers.get('x-file-name') ?? '').slice(0, 200) || null;
    } catch {
      name = null;
    }
    return json(200, await loadListFromUpload(db, actor, bytes, name));
  },
});
