/** Small DOM builders shared by the browser scripts; text is always set as text, never parsed as HTML. */
import { joinCjk } from '../lib/markdown/cjk.ts';
import { codeSpans } from '../lib/markdown/inline.ts';

/** An element with an optional class and text. */
export const element = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className?: string,
  text?: string,
): HTMLElementTagNameMap[K] => {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
};

/** Appends a title or summary with its `code` spans, as the pages show them. */
export const appendInline = (parent: HTMLElement, text: string): void => {
  for (const part of codeSpans(joinCjk(text))) parent.append(part.code ? element('code', undefined, part.text) : part.text);
};

/** A badge as src/components/Badge.astro draws it. */
export const badge = (type: string, value: string, label = value): HTMLSpanElement =>
  element('span', `badge ${type} ${type}-${value}`, label);
