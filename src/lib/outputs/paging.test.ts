import { describe, expect, it } from 'vitest';
import { pageCount, pageItems, pageUrl, pageWindow } from './paging.ts';

describe('static pagination', () => {
  it('needs one page for an empty or short list, and rounds up', () => {
    expect(pageCount(0, 50)).toBe(1);
    expect(pageCount(50, 50)).toBe(1);
    expect(pageCount(51, 50)).toBe(2);
    expect(pageCount(5000, 50)).toBe(100);
  });

  it('slices each page, the last one short', () => {
    const items = Array.from({ length: 7 }, (_, index) => index);
    expect(pageItems(items, 1, 3)).toEqual([0, 1, 2]);
    expect(pageItems(items, 3, 3)).toEqual([6]);
    expect(pageItems(items, 4, 3)).toEqual([]);
  });

  it('links page 1 as the list itself, the others under /page/', () => {
    expect(pageUrl('/research', 1)).toBe('/research');
    expect(pageUrl('/research', 2)).toBe('/research/page/2');
  });

  it('shows the first, the last and the pages around the current one', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 4)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(1, 100)).toEqual([1, 2, 3, undefined, 100]);
    expect(pageWindow(50, 100)).toEqual([1, undefined, 48, 49, 50, 51, 52, undefined, 100]);
    expect(pageWindow(100, 100)).toEqual([1, undefined, 98, 99, 100]);
    expect(pageWindow(4, 100)).toEqual([1, 2, 3, 4, 5, 6, undefined, 100]);
  });
});
