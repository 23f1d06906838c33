import Link from 'next/link';
import type { ButtonHTMLAttributes, ReactNode } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-sky-700 text-white hover:bg-sky-800 border border-sky-700',
  secondary: 'bg-white text-slate-800 border border-slate-300 hover:bg-slate-50',
  danger: 'bg-white text-red-800 border border-red-300 hover:bg-red-50',
  ghost: 'text-sky-800 hover:bg-sky-50 border border-transparent',
};

/** One look for every button and button-like link; the focus ring is always visible from the keyboard. */
export function buttonClass(variant: ButtonVariant = 'secondary', size: 'sm' | 'md' = 'md'): string {
  const sizing = size === 'sm' ? 'px-2.5 py-1 text-xs' : 'px-3.5 py-2 text-sm';
  return `inline-flex items-center justify-center gap-1.5 rounded font-medium shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600 disabled:cursor-not-allowed disabled:opacity-50 ${sizing} ${VARIANTS[variant]}`;
}

export function Button({ variant, size, className, ...rest }: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: 'sm' | 'md' }) {
  return <button type="button" {...rest} className={`${buttonClass(variant, size)} ${className ?? ''}`} />;
}

export function ButtonLink({ href, variant, size, children, testId, title }: { href: string; variant?: ButtonVariant; size?: 'sm' | 'md'; children: ReactNode; testId?: string; title?: string }) {
  return (
    <Link href={href} prefetch={false} className={buttonClass(variant, size)} data-testid={testId} title={title}>
      {children}
    </Link>
  );
}
