'use client';

import { useSyncExternalStore } from 'react';

const utc = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;
const noSubscription = () => () => undefined;

/**
 * A moment in the viewer's own time zone, with the exact UTC time on hover. The server renders UTC
 * (it cannot know the viewer's zone); once hydrated, the browser renders local time.
 */
export function LocalTime({ iso, withSeconds = false }: { iso: string | null | undefined; withSeconds?: boolean }) {
  const inBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  if (!iso) return <span>—</span>;
  const local = inBrowser
    ? new Date(iso).toLocaleString(undefined, {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        ...(withSeconds ? { second: '2-digit' } : {}),
      })
    : utc(iso);
  return (
    <time dateTime={iso} title={`${iso.replace('T', ' ').replace(/(\.\d+)?Z$/, '')} UTC`}>
      {local}
    </time>
  );
}
