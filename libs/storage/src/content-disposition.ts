/**
 * A Content-Disposition value: the disposition alone, or with an ASCII filename and its UTF-8 form (RFC 6266).
 */
export function contentDispositionOf(disposition: 'inline' | 'attachment', filename?: string): string {
  if (!filename) return disposition;
  const fallback = filename.replace(/[^\x20-\x7e]|["\\%/]/g, '_');
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
