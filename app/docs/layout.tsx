import type { Metadata } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';

export const metadata: Metadata = {
  title: 'API reference · AML monitoring and screening',
  description: 'The /v1 JSON API: endpoints, parameters, bodies, responses and errors',
};

/** The API reference needs no session: a header and the page, outside the console's signed-in layout. */
export default function DocsLayout({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-screen bg-white">
      <header className="flex items-center gap-6 border-b border-slate-200 px-8 py-4 text-sm">
        <span className="font-semibold uppercase tracking-wide text-slate-500">AML monitoring and screening</span>
        <span className="font-medium text-slate-900">API reference</span>
        <a href="/v1/openapi.json" className="text-sky-800 underline">
          OpenAPI document
        </a>
        <Link href="/" prefetch={false} className="ml-auto text-sky-800 underline">
          Console
        </Link>
      </header>
      <main>{children}</main>
    </div>
  );
}
