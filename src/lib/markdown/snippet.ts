/**
 * Text cut to what a search result shows: search engines cut a page's `<title>` at about 60 to 70
 * characters and its meta description at about 155 to 160. Only what goes into those is cut; the
 * note keeps its words.
 */

/** The most characters a page's `<title>` holds, the site's name included. */
export const TITLE_MAX = 70;
/** The most characters a meta description holds. */
export const DESCRIPTION_MAX = 160;

const ELLIPSIS = '…';

/**
 * `text` in at most `max` characters (code points, so no character is split): whole when it fits,
 * else cut at the last word boundary that leaves room for an ellipsis, with the punctuation before
 * the cut dropped. A first word longer than `max` is cut inside it.
 */
export const clipText = (text: string, max: number): string => {
  const normal = text.replace(/\s+/g, ' ').trim();
  const chars = [...normal];
  if (chars.length <= max) return normal;
  const head = chars.slice(0, max - ELLIPSIS.length).join('');
  // The character after the head tells whether the head ends on a whole word.
  const endsOnWord = /\s/.test(chars[max - ELLIPSIS.length] ?? ' ');
  const cut = endsOnWord ? head : head.replace(/\s+\S*$/, '');
  const kept = (cut === '' || !/\s/.test(head) ? head : cut).replace(/[\s,;:.\-–—·(]+$/u, '');
  return `${kept === '' ? head : kept}${ELLIPSIS}`;
};
