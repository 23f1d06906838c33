import { redirect } from 'next/navigation';
import { getDb } from '@/db/client';
import { SignInForm } from '@/components/auth/sign-in-form';
import { currentPerson } from '@/lib/auth/current-person';
import { signInMessage } from '@/lib/auth/sign-in-with-password';
import { setupComplete } from '@/lib/setup/installation';
import { signInAction } from './actions';

export const dynamic = 'force-dynamic';

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  if (!(await setupComplete(getDb()))) redirect('/setup');
  if (await currentPerson()) redirect('/');
  const params = await searchParams;
  // Auth.js's own flow (POST /api/auth/callback/credentials from a form elsewhere) lands here with ?error=&code=.
  const initial = params.error ? { message: params.error === 'CredentialsSignin' ? signInMessage(params.code) : 'signing in failed; try again' } : {};
  return (
    <section>
      <h1 className="mb-1 text-2xl font-semibold">Sign in</h1>
      <p className="mb-6 text-sm text-slate-600">Use the email and password your admin gave you.</p>
      {params.setup === 'done' ? (
        <div role="status" className="mb-4 rounded border border-emerald-300 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          Setup is complete. Sign in as the admin; you will then choose a new password.
        </div>
      ) : null}
      {params.signed_out ? (
        <div role="status" className="mb-4 rounded border border-slate-300 bg-slate-50 px-3 py-2 text-sm text-slate-700">
          You are signed out.
        </div>
      ) : null}
      <SignInForm action={signInAction} initial={initial} />
    </section>
  );
}
