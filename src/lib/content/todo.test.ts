import { describe, expect, test } from 'vitest';
import { todoMarkers } from './todo.ts';

describe('todoMarkers', () => {
  test('markers in frontmatter comments and HTML comments count, one per line', () => {
    const text = '---\nkind: nuance # TODO: check\n---\n\n<!-- TODO: a --> and # TODO again\n';
    expect(todoMarkers(text)).toEqual([
      { line: 2, column: 14 },
      { line: 5, column: 1 },
    ]);
  });

  test('markers in fenced, tilde-fenced, indented and inline code do not', () => {
    const text = [
      '---',
      'id: x',
      '---',
      '',
      '```python',
      '# TODO: negotiate',
      '```',
      '',
      '~~~',
      '<!-- TODO: quoted -->',
      '~~~',
      '',
      'Para with `# TODO: retry` quoted.',
      '',
      '    # TODO: indented',
      '',
      'Inline `# TODO` then a real one: <!-- TODO: fill -->',
      '',
    ].join('\n');
    expect(todoMarkers(text)).toEqual([{ line: 17, column: 34 }]);
  });

  test('a file without a marker has none; a word like TODOS, or TODO on the line after "<!--", is not one', () => {
    expect(todoMarkers('---\nid: x\n---\n\n# TODOS for readers\n')).toEqual([]);
    expect(todoMarkers('---\nid: x\n---\n\n<!--\nTODO: the guide npm run new writes\n-->\n')).toEqual([]);
  });
});
