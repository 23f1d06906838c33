import { NotFoundError } from '@/lib/errors';
import { route } from '@/lib/http/route';

// Unknown /v1 paths answer the interface's JSON error shape rather than an HTML page.
const notFound = route({
  auth: 'none',
  hidden: true,
  handler: async () => {
    throw new NotFoundError('no such endpoint');
  },
});
export { notFound as GET, notFound as POST, notFound as PATCH, notFound as PUT, notFound as DELETE };
