// Liveness: the process answers. No database, no authentication.
export const dynamic = 'force-dynamic';
export function GET(): Response {
  return Response.json({ status: 'ok' });
}
