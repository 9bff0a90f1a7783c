/** Which Chromium the browser tests launch, from the environment: the choice, and a clear refusal. */
import { describe, expect, test } from 'vitest';
import { chooseChromium, resolveChromium, SYSTEM_CHROMIUM } from './support/browser.ts';

describe('choosing the Chromium for browser tests', () => {
  const debian = (file: string) => file === SYSTEM_CHROMIUM;
  const bare = () => false;

  test('CHROMIUM_PATH wins over Debian’s Chromium', () => {
    expect(chooseChromium({ CHROMIUM_PATH: '/opt/chrome/chrome' }, debian)).toEqual({
      source: 'CHROMIUM_PATH',
      executablePath: '/opt/chrome/chrome',
    });
  });

  test('without CHROMIUM_PATH, Debian’s Chromium where it is installed', () => {
    expect(chooseChromium({}, debian)).toEqual({ source: 'system', executablePath: SYSTEM_CHROMIUM });
    expect(chooseChromium({ CHROMIUM_PATH: '' }, debian)).toEqual({ source: 'system', executablePath: SYSTEM_CHROMIUM });
  });

  test('on a bare machine, and with CHROMIUM_PATH=bundled anywhere, the one npm installed', () => {
    expect(chooseChromium({}, bare)).toBe('bundled');
    expect(chooseChromium({ CHROMIUM_PATH: 'bundled' }, debian)).toBe('bundled');
  });

  test('a CHROMIUM_PATH that names no file is an error saying so, never a skipped test', async () => {
    await expect(resolveChromium({ CHROMIUM_PATH: '/nonexistent/chromium' })).rejects.toThrow(
      'no Chromium at /nonexistent/chromium (from CHROMIUM_PATH); unset CHROMIUM_PATH, or set it to "bundled", to use the one npm installed',
    );
  });
});
