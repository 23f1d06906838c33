import type { ReactNode } from 'react';

/** Setup, sign-in and the forced password change: one card in the middle of the page, no console navigation. */
export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center px-4 py-12">
      <div className="mb-6 text-sm font-semibold uppercase tracking-wide text-slate-500">AML monitoring and screening</div>
      <main className="w-full max-w-lg rounded-lg border border-slate-200 bg-white p-8 shadow-sm">{children}</main>
    </div>
  );
}
