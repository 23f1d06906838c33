import type { StrSubject } from './types';

/** How lists show an STR's subject: a person's first and last name, a business's name; null while the draft has none. */
export function strSubjectName(subject: StrSubject): string | null {
  const name = subject.kind === 'person' ? [subject.first_name, subject.last_name].filter((p) => p && p.trim()).join(' ') : (subject.name ?? '');
  return name.trim() === '' ? null : name.trim();
}
