/**
 * Text cut to what a search result shows: search engines cut a page's `<title>` at about 60 to 70
 * characters and its meta description at about 155 to 160. Only what goes into those is cut; the
 * note keeps its words.
 */

/** The most characters a page's `<title>` holds, the site's name included. */
export const TITLE_MAX = 70;
/** What every page's `<title>` ends with but the home page's: the site's name. */
export const TITLE_SUFFIX = ' · canimcp';
/** The most characters a page's own title holds before the suffix. */
export const PAGE_TITLE_MAX = TITLE_MAX - TITLE_SUFFIX.length;
/** The most characters a meta description holds. */
export const DESCRIPTION_MAX = 160;

const ELLIPSIS = '…';

/**
 * `text` in at most `max` characters (code points, so no character is split): whole when it fits,
 * else cut at the last word boundary that leaves room for an ellipsis, with the punctuation before
 * the cut dropped. A cut at a word that would keep less than half the room (a long identifier after
 * a short word: `Capture amp-0-0-…`) is a hard cut inside the word instead, so the text never shrinks
 * to almost nothing.
 */
export const clipText = (text: string, max: number): string => {
  const normal = text.replace(/\s+/g, ' ').trim();
  const chars = [...normal];
  if (chars.length <= max) return normal;
  const room = max - ELLIPSIS.length;
  const head = chars.slice(0, room).join('');
  const trim = (part: string) => part.replace(/[\s,;:.\-–—·(]+$/u, '');
  // The character after the head tells whether the head ends on a whole word.
  const endsOnWord = /\s/.test(chars[room] ?? ' ');
  const atWord = trim(endsOnWord ? head : head.replace(/\s+\S*$/, ''));
  const hard = trim(head);
  const kept = /\s/.test(head) && [...atWord].length * 2 >= room ? atWord : hard;
  return `${kept === '' ? head : kept}${ELLIPSIS}`;
};
