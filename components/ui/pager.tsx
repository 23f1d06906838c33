import { ButtonLink } from './button';

/** Previous and next links of a keyset-paged list; a missing side is shown disabled, not hidden, so the pair stays put. */
export function Pager({ previous, next, label = 'Pages' }: { previous?: string; next?: string; label?: string }) {
  if (!previous && !next) return null;
  const off = 'inline-flex items-center rounded border border-slate-200 px-2.5 py-1 text-xs text-slate-500';
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-end gap-2" data-testid="pager">
      {previous ? (
        <ButtonLink href={previous} size="sm" testId="previous-page">
          ← Previous
        </ButtonLink>
      ) : (
        <span className={off} aria-disabled="true">
          ← Previous
        </span>
      )}
      {next ? (
        <ButtonLink href={next} size="sm" testId="next-page">
          Next →
        </ButtonLink>
      ) : (
        <span className={off} aria-disabled="true">
          Next →
        </span>
      )}
    </nav>
  );
}

/** The one "older items" link at the foot of a list that only pages forward. */
export function NextPageLink({ href, children }: { href: string | null | undefined; children: string }) {
  if (!href) return null;
  return (
    <div className="mt-4 flex justify-end">
      <ButtonLink href={href} testId="next-page">
        {children}
      </ButtonLink>
    </div>
  );
}
