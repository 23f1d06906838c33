/** An entity's page: ids are free strings (a `/` among them), so the id is one encoded path segment. */
export const entityHref = (id: string, query?: URLSearchParams): string =>
  `/entities/${encodeURIComponent(id)}${query && query.size > 0 ? `?${query.toString()}` : ''}`;
