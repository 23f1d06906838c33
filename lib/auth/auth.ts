/**
 * Auth.js (next-auth 5) for people: the credentials flow under /api/auth (CSRF token, then
 * `callback/credentials`), JWT session cookies that name a row of `person_sessions`, and sign-out that
 * ends that row. The secret comes from the database (or SERVICE_AUTH_SECRET), hence the lazy config.
 */
import NextAuth, { CredentialsSignin, type NextAuthConfig } from 'next-auth';
import Credentials from 'next-auth/providers/credentials';
import { NextRequest } from 'next/server';
import { getDb } from '@/db/client';
import { clientAddress } from '@/lib/http/client-address';
import { describeError, log } from '@/lib/log';
import { authSecret } from './auth-secret';
import { resolveSession, SESSION_MAX_MS } from './sessions';
import { signInWithPassword, SignInRefused } from './sign-in-with-password';
import { signOutSession } from './sign-out';

/** A refused sign-in; its `code` (credentials, locked, deactivated) reaches the sign-in page as `?code=`. */
class RefusedSignIn extends CredentialsSignin {
  constructor(code: string) {
    super();
    this.code = code;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function config(): Promise<NextAuthConfig> {
  return {
    secret: await authSecret(),
    // The service answers on whatever host it is reached by (behind a proxy, on localhost, in tests).
    trustHost: true,
    basePath: '/api/auth',
    session: { strategy: 'jwt', maxAge: SESSION_MAX_MS / 1000 },
    pages: { signIn: '/sign-in', error: '/sign-in' },
    providers: [
      Credentials({
        credentials: { email: { label: 'Email', type: 'email' }, password: { label: 'Password', type: 'password' } },
        authorize: async (credentials, request) => {
          try {
            const { person, sessionId } = await signInWithPassword(getDb(), credentials ?? {}, new Date(), clientAddress(request.headers));
            return { id: person.id, name: person.name, email: person.email, sessionId };
          } catch (err) {
            if (err instanceof SignInRefused) throw new RefusedSignIn(err.code);
            throw err;
          }
        },
      }),
    ],
    callbacks: {
      jwt: async ({ token, user }) => {
        if (user) {
          const sessionId = (user as { sessionId?: string }).sessionId;
          return { sub: user.id, sid: sessionId, name: user.name, email: user.email };
        }
        // Each later read (GET /api/auth/session) checks the row: an ended or expired session clears the cookie.
        const sid = token.sid;
        if (typeof sid !== 'string' || !UUID.test(sid) || typeof token.sub !== 'string' || !UUID.test(token.sub)) return null;
        return (await resolveSession(getDb(), sid, token.sub)) ? token : null;
      },
      session: ({ session, token }) => ({ ...session, user: { ...session.user, id: token.sub ?? '' } }),
    },
    events: {
      signOut: async (message) => {
        const sid = 'token' in message ? message.token?.sid : undefined;
        if (typeof sid === 'string') await signOutSession(getDb(), sid);
      },
    },
    logger: {
      error: (error) => {
        // A refused sign-in is an answer, not a server failure.
        if (error instanceof CredentialsSignin || (error as { type?: string }).type === 'CredentialsSignin') return;
        // Auth.js wraps what `authorize` threw (a failed statement among it): described, never its values.
        log('error', 'auth failure', { type: error.name, ...describeError(error) });
      },
      warn: (code) => log('warn', 'auth warning', { code }),
      debug: () => undefined,
    },
  };
}

const nextAuth = NextAuth(config);
export const { signIn, signOut } = nextAuth;

/**
 * The request as the browser addressed it. Behind the custom server Next.js builds route handlers' URLs from
 * the address it listens on (0.0.0.0), so Auth.js would send browsers to http://0.0.0.0:…; the service trusts
 * the host it is reached on (`X-Forwarded-Host`/`Host`, `X-Forwarded-Proto`), as Auth.js's trustHost means.
 */
function onOwnHost(request: NextRequest): NextRequest {
  const host = request.headers.get('x-forwarded-host')?.split(',')[0]?.trim() || request.headers.get('host');
  if (!host) return request;
  const url = new URL(request.url);
  const proto = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim();
  const own = new URL(`${proto ? `${proto.replace(/:$/, '')}:` : url.protocol}//${host}${url.pathname}${url.search}`);
  return own.href === url.href ? request : new NextRequest(own, request);
}

export const handlers = {
  GET: (request: NextRequest) => nextAuth.handlers.GET(onOwnHost(request)),
  POST: (request: NextRequest) => nextAuth.handlers.POST(onOwnHost(request)),
};
