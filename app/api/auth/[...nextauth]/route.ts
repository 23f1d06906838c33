import { handlers } from '@/lib/auth/auth';

// Auth.js: GET /api/auth/csrf, POST /api/auth/callback/credentials, POST /api/auth/signout, GET /api/auth/session.
export const { GET, POST } = handlers;
