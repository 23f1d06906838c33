/** One value of a page's search parameter: a non-empty string, or undefined for none, an empty one or a repeated one. */
export const oneParam = (v: string | string[] | undefined): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
