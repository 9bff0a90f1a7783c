/**
 * Word segmentation for Chinese and Japanese text on an English site.
 *
 * Pagefind only segments words that are not separated by spaces on pages whose `<html lang>` is
 * `zh` or `ja`; every page here is `lang="en"`, so `これは検索テストです` would be indexed as one
 * word and a search for `検索テスト` would find nothing. The build indexes a copy of each page with
 * spaces between CJK words (never the page it ships), the search page splits queries the same way,
 * and result text is joined up again for display. Both sides use ICU's dictionary segmenter
 * through `Intl.Segmenter`, so they agree on where the words are.
 */

/** Scripts written without spaces between words (Korean puts spaces between words, so it is left alone). */
const CJK = String.raw`\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}`;
const cjkRun = new RegExp(`[${CJK}]+`, 'gu');
const hasCjkText = new RegExp(`[${CJK}]`, 'u');

let segmenter: Intl.Segmenter | undefined;
const words = (run: string): string[] => {
  // Japanese rules also split Chinese text into words; one locale keeps index and query in step.
  segmenter ??= new Intl.Segmenter('ja', { granularity: 'word' });
  return Array.from(segmenter.segment(run), (part) => part.segment);
};

/** True where the text has any Chinese or Japanese characters. */
export const hasCjk = (text: string): boolean => hasCjkText.test(text);

/** Puts a space around every Chinese or Japanese word: `これは検索` → ` これ は 検索 `. */
export const segmentCjk = (text: string): string =>
  hasCjk(text) ? text.replace(cjkRun, (run) => ` ${words(run).join(' ')} `) : text;

const gap = new RegExp(`(?<=[${CJK}](?:</?mark>)?)\\s+(?=(?:</?mark>)?[${CJK}])`, 'gu');

/**
 * Undoes `segmentCjk` for display: removes the spaces between two Chinese or Japanese characters,
 * also where a Pagefind `<mark>` tag sits between them.
 */
export const joinCjk = (text: string): string => (hasCjk(text) ? text.replace(gap, '') : text);
