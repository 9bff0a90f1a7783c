/**
 * Text placed inside a Markdown link's brackets, escaped so `[`, `]` and `\` in a title cannot end
 * the link early or swallow a character. Twins and llms.txt files both link by title.
 */
export const linkText = (text: string): string => text.replace(/([[\]\\])/g, '\\$1');
