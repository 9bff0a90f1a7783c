/** Escapes text for XML content and attribute values. */
export const escapeXml = (text: string): string =>
  text
    // XML 1.0 has no way to write these control characters at all.
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '')
    .replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char] ?? char);
