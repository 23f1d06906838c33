/** The file types a report accepts as attachments (STR attachments, evidence pack documents). */
export type AttachmentType = 'application/pdf' | 'image/png' | 'image/jpeg';

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0): boolean =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);

// `%PDF-` then a version digit.
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d];
// The PNG signature, then the first chunk, which the format requires to be IHDR.
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const IHDR = [0x49, 0x48, 0x44, 0x52];
// Start of image, then the marker prefix of the next segment.
const JPEG = [0xff, 0xd8, 0xff];

/**
 * What a file is, judged by its first bytes and never by its name or declared type: a PDF, PNG or JPEG, or null
 * for anything else. The same signatures readers of these formats look for: a PDF opens with `%PDF-1.` or
 * `%PDF-2.`, a PNG with its eight-byte signature and an IHDR chunk, a JPEG with SOI and a marker.
 */
export function attachmentTypeOf(bytes: Uint8Array): AttachmentType | null {
  if (startsWith(bytes, PDF) && (bytes[5] === 0x31 || bytes[5] === 0x32) && bytes[6] === 0x2e) return 'application/pdf';
  if (startsWith(bytes, PNG) && startsWith(bytes, IHDR, 12)) return 'image/png';
  if (startsWith(bytes, JPEG)) return 'image/jpeg';
  return null;
}
