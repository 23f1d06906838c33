import { signOutAction } from '@/app/(auth)/sign-out/actions';

export function SignOutButton() {
  return (
    <form action={signOutAction}>
      <button type="submit" data-testid="sign-out" className="rounded border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-50">
        Sign out
      </button>
    </form>
  );
}
