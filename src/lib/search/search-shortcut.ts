/**
 * "/" focuses the search box from any page, unless the reader is typing somewhere. Pages load no
 * script file, so this goes inline, and the page layout puts its hash into the Content-Security-Policy.
 */
export const searchShortcut = `addEventListener('keydown', (e) => {
  const t = e.target;
  if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey || (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName)))) return;
  const box = document.querySelector('[data-search-input]') || document.querySelector('[data-site-search]');
  if (box) {
    e.preventDefault();
    box.focus();
  }
});`;

/** A CSP hash source (`sha256-…`) for an inline script, with Web Crypto, so it runs anywhere. */
export const scriptHash = async (script: string): Promise<`sha256-${string}`> => {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(script)));
  return `sha256-${btoa(String.fromCharCode(...digest))}`;
};

/** The shortcut's hash, computed once: every page puts it in its policy (5,000 digests at 5,000 notes). */
export const searchShortcutHash: Promise<`sha256-${string}`> = scriptHash(searchShortcut);
