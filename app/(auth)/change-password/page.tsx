import Link from 'next/link';
import { ChangePasswordForm } from '@/components/auth/change-password-form';
import { SignOutButton } from '@/components/auth/sign-out-button';
import { requirePerson } from '@/lib/auth/current-person';
import { changePasswordAction } from './actions';

export const dynamic = 'force-dynamic';

export default async function ChangePasswordPage() {
  const person = await requirePerson({ allowPasswordChange: true });
  return (
    <section>
      <h1 className="mb-1 text-2xl font-semibold">{person.mustChangePassword ? 'Choose your own password' : 'Change password'}</h1>
      <p className="mb-6 text-sm text-slate-600">
        {person.mustChangePassword
          ? `Signed in as ${person.email}. The password you used was given to you, so replace it before going on.`
          : `Signed in as ${person.email}. Other sessions of yours end when the password changes.`}
      </p>
      <ChangePasswordForm action={changePasswordAction} />
      <div className="mt-6 flex items-center justify-between border-t border-slate-200 pt-4">
        {person.mustChangePassword ? <span /> : <Link href="/" className="text-sm text-sky-800 underline">Back to the console</Link>}
        <SignOutButton />
      </div>
    </section>
  );
}
