/**
 * Splits plain text on backtick code spans, so titles and summaries can show `code` as code while
 * staying text: the parts are rendered as text nodes, never parsed as Markdown or HTML.
 */
export const codeSpans = (text: string): { code: boolean; text: string }[] =>
  text
    .split(/(`[^`]+`)/)
    .filter((part) => part !== '')
    .map((part) => (/^`[^`]+`$/.test(part) ? { code: true, text: part.slice(1, -1) } : { code: false, text: part }));

/** Plain text for outputs that show no markup (meta descriptions, feed summaries): code spans lose their backticks. */
export const plainText = (text: string): string =>
  codeSpans(text)
    .map((part) => part.text)
    .join('');
