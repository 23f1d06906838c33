'use client';

import type { ReactNode } from 'react';
import { useFormStatus } from 'react-dom';
import { buttonClass, type ButtonVariant } from './button';

/**
 * A form's submit button in the console's button look, busy while its form is sent. When it may not be
 * used it stays in the page disabled, and `describedBy` names the element that says why (a disabled
 * control alone tells a screen-reader user nothing).
 */
export function ActionButton({
  children,
  variant = 'primary',
  size = 'sm',
  disabled,
  describedBy,
  testId,
  name,
  value,
}: {
  children: ReactNode;
  variant?: ButtonVariant;
  size?: 'sm' | 'md';
  disabled?: boolean;
  describedBy?: string;
  testId?: string;
  name?: string;
  value?: string;
}) {
  const { pending } = useFormStatus();
  return (
    <button
      type="submit"
      name={name}
      value={value}
      disabled={disabled || pending}
      aria-describedby={describedBy}
      data-testid={testId}
      className={buttonClass(variant, size)}
    >
      {pending ? 'Working…' : children}
    </button>
  );
}
