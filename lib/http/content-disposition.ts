/**
 * `Content-Disposition: attachment` for a stored file's name (RFC 6266): an ASCII `filename` fallback with
 * anything outside a safe set (quotes, backslashes, control and non-ASCII characters) replaced by `_`, and the
 * exact name as UTF-8 in `filename*` (RFC 5987), so no name can break out of the header or inject another.
 */
export function attachmentDisposition(name: string): string {
  const fallback = name.replace(/[^A-Za-z0-9 !#$&+,.:;=?@^_`{}~()[\]-]/g, '_') || 'file';
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
