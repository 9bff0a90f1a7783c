import { citedFiles } from '../content/source-paths.ts';

/**
 * A link to a file at a commit on GitHub, with its line range as an anchor, for sources given as a
 * repository URL plus `commit` and `path` (`tools/x.py:188-252` → `…/blob/<commit>/tools/x.py#L188-L252`).
 * A path may name several files (source-paths.ts); each gets its own link, anchored at its first lines.
 */
export const githubFileLinks = (
  url: string,
  commit: string | undefined,
  path: string | undefined,
): { label: string; href: string }[] => {
  if (commit === undefined || path === undefined) return [];
  const repo = /^https:\/\/github\.com\/([\w.-]+)\/([\w.-]+?)(?:\.git)?\/?$/.exec(url);
  if (!repo) return [];
  return citedFiles(path).map(({ file, ranges, label }) => {
    const first = ranges[0];
    const anchor = first === undefined ? '' : `#L${first.from}${first.to === first.from ? '' : `-L${first.to}`}`;
    const encoded = file.split('/').map(encodeURIComponent).join('/');
    return { label, href: `https://github.com/${repo[1]}/${repo[2]}/blob/${commit}/${encoded}${anchor}` };
  });
};
