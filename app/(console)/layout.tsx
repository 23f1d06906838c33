import type { ReactNode } from 'react';
import { ConsoleNav } from '@/components/console-nav';

export default function ConsoleLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen">
      <aside className="w-56 shrink-0 border-r border-slate-200 bg-white">
        <ConsoleNav />
      </aside>
      <main className="flex-1 p-8">{children}</main>
    </div>
  );
}
