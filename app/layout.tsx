import type { Metadata } from 'next';
import { connection } from 'next/server';
import type { ReactNode } from 'react';
import './globals.css';

export const metadata: Metadata = {
  title: 'AML monitoring and screening',
  description: 'Transaction monitoring, alerts, sanctions screening and regulatory reporting',
};

// Every page renders per request: its scripts carry that response's CSP nonce (proxy.ts), which a
// page prerendered at build time could not.
export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
  return (
    <html lang="en">
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">{children}</body>
    </html>
  );
}
