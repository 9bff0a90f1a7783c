/**
 * A badge for a server's README: a small static SVG naming a feature and its status (or one
 * client's state), with a text alternative (`role="img"`, `aria-label`, `<title>`). Each half has its
 * own fill and text colour, chosen to read on a light page and a dark one, and the colours switch
 * with `prefers-color-scheme` where the viewer honours it. Every text is escaped for XML.
 */
import { escapeXml } from './xml.ts';

/** The tones a badge's message can have: good, mixed, bad, and not known. */
export type BadgeTone = 'good' | 'mixed' | 'bad' | 'unknown';

/** Light and dark fills, each with text at a contrast of at least 4.5:1 against it. */
const palette: Record<BadgeTone | 'label', { light: [string, string]; dark: [string, string] }> = {
  label: { light: ['#3f3f46', '#ffffff'], dark: ['#d4d4d8', '#18181b'] },
  good: { light: ['#166534', '#ffffff'], dark: ['#86efac', '#052e16'] },
  mixed: { light: ['#854d0e', '#ffffff'], dark: ['#fde047', '#422006'] },
  bad: { light: ['#991b1b', '#ffffff'], dark: ['#fca5a5', '#450a0a'] },
  unknown: { light: ['#52525b', '#ffffff'], dark: ['#e4e4e7', '#27272a'] },
};

/** Average advance of an 11px sans-serif character, wide enough that no common text overflows. */
const CHAR_WIDTH = 6.8;
const PAD = 6;

const HEIGHT = 20;

const widthOf = (text: string) => Math.ceil([...text].length * CHAR_WIDTH) + 2 * PAD;

/** A badge's size as its SVG declares it: what an `<img>` of it states, so the page keeps its place while it loads. */
export const badgeSize = ({ label, message }: { label: string; message: string }): { width: number; height: number } => ({
  width: widthOf(label) + widthOf(message),
  height: HEIGHT,
});

/** The SVG text of a badge: `label | message`, the message in the tone's colours. */
export const badgeSvg = ({ label, message, tone }: { label: string; message: string; tone: BadgeTone }): string => {
  const left = widthOf(label);
  const right = widthOf(message);
  const { width } = badgeSize({ label, message });
  const alt = escapeXml(`${label}: ${message}`);
  const colours = palette[tone];
  const style = [
    `.l{fill:${palette.label.light[0]}}.lt{fill:${palette.label.light[1]}}.m{fill:${colours.light[0]}}.mt{fill:${colours.light[1]}}`,
    `@media (prefers-color-scheme:dark){.l{fill:${palette.label.dark[0]}}.lt{fill:${palette.label.dark[1]}}.m{fill:${colours.dark[0]}}.mt{fill:${colours.dark[1]}}}`,
  ].join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="20" viewBox="0 0 ${width} 20" role="img" aria-label="${alt}">`,
    `<title>${alt}</title>`,
    `<style>${style}</style>`,
    `<rect class="l" width="${left}" height="20" rx="3"/>`,
    `<rect class="m" x="${left}" width="${right}" height="20" rx="3"/>`,
    `<rect class="m" x="${left}" width="4" height="20"/>`,
    `<g font-family="Verdana,DejaVu Sans,sans-serif" font-size="11" text-anchor="middle">`,
    `<text class="lt" x="${left / 2}" y="14">${escapeXml(label)}</text>`,
    `<text class="mt" x="${left + right / 2}" y="14">${escapeXml(message)}</text>`,
    `</g></svg>`,
    '',
  ].join('\n');
};
