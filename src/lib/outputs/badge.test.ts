import { describe, expect, test } from 'vitest';
import { badgeSize, badgeSvg } from './badge.ts';

const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: string, b: string) => {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
};

describe('badgeSvg', () => {
  const svg = badgeSvg({ label: 'structuredContent', message: 'some core clients', tone: 'mixed' });
  test('has a text alternative in both forms', () => {
    expect(svg).toContain('role="img" aria-label="structuredContent: some core clients"');
    expect(svg).toContain('<title>structuredContent: some core clients</title>');
  });
  test('every text colour reads on its fill in both colour schemes', () => {
    const rules = [...svg.matchAll(/\.(l|lt|m|mt)\{fill:(#[0-9a-f]{6})\}/g)].map((match): [string, string] => [
      match[1] ?? '',
      match[2] ?? '',
    ]);
    // Light rules come first, then the dark scheme's.
    const light: Record<string, string> = Object.fromEntries(rules.slice(0, 4));
    const dark: Record<string, string> = Object.fromEntries(rules.slice(4));
    for (const scheme of [light, dark]) {
      expect(contrast(scheme['l'] as string, scheme['lt'] as string)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(scheme['m'] as string, scheme['mt'] as string)).toBeGreaterThanOrEqual(4.5);
    }
  });
  test('escapes what it is given', () => {
    const hostile = badgeSvg({ label: '<script>', message: '"&\'', tone: 'bad' });
    expect(hostile).not.toContain('<script>');
    expect(hostile).toContain('&lt;script&gt;');
    expect(hostile).toContain('&quot;&amp;&apos;');
  });
});

describe('badgeSize', () => {
  test('is the size the SVG declares, so an <img> of it can state its width and height', () => {
    for (const badge of [
      { label: 'structuredContent', message: 'some core clients', tone: 'mixed' as const },
      { label: 'Claude Code: Sends server/discover', message: 'not yet observed', tone: 'unknown' as const },
    ]) {
      const { width, height } = badgeSize(badge);
      expect(badgeSvg(badge)).toContain(`width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"`);
    }
  });
});
