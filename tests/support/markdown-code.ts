/**
 * A Markdown text with its code removed (fenced blocks, and code spans on the remaining lines):
 * what a Markdown reader would treat as markup. Client text is safe in a twin only inside code.
 */
export const outsideCode = (markdown: string): string => {
  let fence: string | undefined;
  const outside: string[] = [];
  for (const line of markdown.split('\n')) {
    const opens = /^(`{3,})/.exec(line)?.[1];
    if (fence === undefined && opens !== undefined) fence = opens;
    else if (fence !== undefined && line === fence) fence = undefined;
    else if (fence === undefined) outside.push(line.replace(/(`+)(?:(?!\1).)*\1/g, ''));
  }
  if (fence !== undefined) throw new Error('a fenced code block is never closed');
  return outside.join('\n');
};
