import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { renderWithCache, type Rendered } from './render-cache.ts';

const dir = await mkdtemp(path.join(os.tmpdir(), 'canimcp-render-cache-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

/** The code version the builds below ran; one test changes it. */
const version = 'code-1';

/** A renderer that records what it was asked to render. */
const recording = () => {
  const asked: string[] = [];
  const render = (texts: readonly string[], origin: string): Promise<Rendered[]> => {
    asked.push(...texts);
    return Promise.resolve(texts.map((text) => ({ html: `<p>${text} on ${origin}</p>`, text })));
  };
  return { asked, render };
};

describe('renderWithCache', () => {
  it('renders every text again under another code version, whatever module changed', async () => {
    const file = path.join(dir, 'code-version.json');
    await renderWithCache(['a', 'b'], 'https://x', recording().render, file, { version });
    const next = recording();
    await renderWithCache(['a', 'b'], 'https://x', next.render, file, { version: 'code-2' });
    expect(next.asked).toEqual(['a', 'b']);
  });

  it('renders each text once across builds, and again when the text or the origin changes', async () => {
    const file = path.join(dir, 'nested', 'bodies.json');
    const first = recording();
    expect(await renderWithCache(['a', 'b', 'a'], 'https://x', first.render, file, { version })).toEqual([
      { html: '<p>a on https://x</p>', text: 'a' },
      { html: '<p>b on https://x</p>', text: 'b' },
      { html: '<p>a on https://x</p>', text: 'a' },
    ]);
    expect(first.asked).toEqual(['a', 'b']);

    const second = recording();
    const again = await renderWithCache(['a', 'c'], 'https://x', second.render, file, { version });
    expect(again.map((rendered) => rendered.html)).toEqual(['<p>a on https://x</p>', '<p>c on https://x</p>']);
    expect(second.asked).toEqual(['c']);
    // Entries no build asked for are dropped.
    expect(Object.keys((JSON.parse(await readFile(file, 'utf8')) as { entries: object }).entries)).toHaveLength(2);

    const otherOrigin = recording();
    await renderWithCache(['a'], 'https://y', otherOrigin.render, file, { version });
    expect(otherOrigin.asked).toEqual(['a']);
  });

  it('with a write delay (the dev server), keeps the entries in memory and writes later changes later', async () => {
    const file = path.join(dir, 'held', 'bodies.json');
    const entriesIn = async () =>
      Object.values((JSON.parse(await readFile(file, 'utf8')) as { entries: Record<string, Rendered> }).entries)
        .map((entry) => entry.text)
        .sort();
    const first = recording();
    await renderWithCache(['a', 'b'], 'https://x', first.render, file, { version, writeDelayMs: 50 });
    expect(first.asked).toEqual(['a', 'b']);
    // The first call writes at once: a server that starts renders everything, and keeps it.
    expect(await entriesIn()).toEqual(['a', 'b']);
    // A later change is rendered from memory and not yet written…
    const second = recording();
    await renderWithCache(['a', 'c'], 'https://x', second.render, file, { version, writeDelayMs: 50 });
    expect(second.asked).toEqual(['c']);
    expect(await entriesIn()).toEqual(['a', 'b']);
    // …until the delay has passed: then the file holds the latest entries, for the next server or build.
    await vi.waitFor(async () => expect(await entriesIn()).toEqual(['a', 'c']), { timeout: 5_000, interval: 20 });
    const build = recording();
    await renderWithCache(['a', 'c'], 'https://x', build.render, file, { version });
    expect(build.asked).toEqual([]);
  });

  it('in the background (a build), returns the bodies before the cache is written, then writes it', async () => {
    const file = path.join(dir, 'background', 'bodies.json');
    const first = recording();
    expect(await renderWithCache(['a'], 'https://x', first.render, file, { version, writeInBackground: true })).toEqual([
      { html: '<p>a on https://x</p>', text: 'a' },
    ]);
    expect(existsSync(file)).toBe(false);
    await vi.waitFor(() => expect(existsSync(file)).toBe(true));
    const next = recording();
    await renderWithCache(['a'], 'https://x', next.render, file, { version });
    expect(next.asked).toEqual([]);
  });

  it('renders everything without a cache file, and from an unreadable one', async () => {
    const none = recording();
    await renderWithCache(['a'], 'https://x', none.render, undefined, { version });
    expect(none.asked).toEqual(['a']);
    const broken = path.join(dir, 'broken.json');
    await import('node:fs/promises').then(({ writeFile }) => writeFile(broken, '{not json'));
    const fromBroken = recording();
    await renderWithCache(['a'], 'https://x', fromBroken.render, broken, { version });
    expect(fromBroken.asked).toEqual(['a']);
  });
});
