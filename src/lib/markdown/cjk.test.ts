import { describe, expect, it } from 'vitest';
import { hasCjk, joinCjk, segmentCjk } from './cjk.ts';

describe('CJK segmentation', () => {
  it('splits Japanese and Chinese runs into words', () => {
    expect(segmentCjk('これは検索テストのための文章です').trim().split(/\s+/)).toEqual(
      expect.arrayContaining(['検索', 'テスト', '文章']),
    );
    expect(segmentCjk('検索テスト').trim()).toBe('検索 テスト');
  });

  it('leaves other scripts alone', () => {
    for (const text of ['la négociation', 'פרוטוקול', '검색 테스트', '-32022 server/discover']) {
      expect(hasCjk(text)).toBe(false);
      expect(segmentCjk(text)).toBe(text);
    }
  });

  it('joins segmented text back for display, across <mark> tags', () => {
    const text = segmentCjk('これは検索テストです。').trim();
    expect(joinCjk(text)).toBe('これは検索テストです。');
    expect(joinCjk('これ は <mark>検索</mark> <mark>テスト</mark> です and more')).toBe(
      'これは<mark>検索</mark><mark>テスト</mark>です and more',
    );
  });
});
