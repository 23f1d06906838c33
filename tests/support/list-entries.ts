import type { ListEntry } from '@/lib/screening/matcher';

/** A listed person of the test list, sanctions category. */
export function person(ref: string, name: string, extra: Partial<ListEntry> = {}): ListEntry {
  return { list: 'test', ref, kind: 'person', name, category: 'sanctions', ...extra };
}

/** A listed business of the test list, sanctions category. */
export function business(ref: string, name: string, extra: Partial<ListEntry> = {}): ListEntry {
  return { list: 'test', ref, kind: 'business', name, category: 'sanctions', ...extra };
}
