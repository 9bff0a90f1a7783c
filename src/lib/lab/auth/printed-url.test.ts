import { expect, it } from 'vitest';
import { printedAuthorizationUrls } from './printed-url.ts';

const AT = 'http://127.0.0.1:4100/authorize';
const URL_TEXT = `${AT}?response_type=code&client_id=lab-client-abc&code_challenge=xyz&state=s1`;

it('reads a URL printed on one line, among other text and colours', () => {
  const output = `If the browser didn't open, visit: \u001b[36m${URL_TEXT}\u001b[0m\nOr paste the redirect URL here:`;
  expect(printedAuthorizationUrls(output, AT)).toEqual([URL_TEXT]);
});

it('joins a URL wrapped inside a dialog’s border, and takes each URL once', () => {
  const cut = [URL_TEXT.slice(0, 40), URL_TEXT.slice(40, 80), URL_TEXT.slice(80)];
  const output = [
    '╭──────────────────────────────────────────────────╮',
    `│ ${cut[0]} │`,
    `│ ${cut[1]} │`,
    `│ ${cut[2]}          │`,
    '│ Press c to copy                                  │',
    '╰──────────────────────────────────────────────────╯',
    URL_TEXT,
  ].join('\n');
  expect(printedAuthorizationUrls(output, AT)).toEqual([URL_TEXT]);
});

it('leaves out a URL of another endpoint, or one that names no client', () => {
  expect(printedAuthorizationUrls(`${AT}?state=1\nhttp://127.0.0.1:4100/token?client_id=x`, AT)).toEqual([]);
});
