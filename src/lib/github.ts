/**
 * A link to a file at a commit on GitHub, with its line range as an anchor, for sources given as a
 * repository URL plus `commit` and `path` (`tools/x.py:188-252` → `…/blob/<commit>/tools/x.py#L188-L252`).
 * A path may name several files separated by commas; each gets its own link.
 */
export const githubFileLinks = (
  url: string,
  commit: string | undefined,
  path: string | undefined,
): { label: string; href: string }[] => {
  if (commit === undefined || path === undefined) return [];
  const repo = /^https:\/\/github\.com\/([\w.-]+)\/([\w.-]+?)(?:\.git)?\/?$/.exec(url);
  if (!repo) return [];
  return path
    .split(/,\s*/)
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => {
      const match = /^(.*?)(?::(\d+)(?:-(\d+))?)?$/.exec(part);
      const file = match?.[1] ?? part;
      const anchor = match?.[2] === undefined ? '' : `#L${match[2]}${match[3] === undefined ? '' : `-L${match[3]}`}`;
      const encoded = file.split('/').map(encodeURIComponent).join('/');
      return { label: part, href: `https://github.com/${repo[1]}/${repo[2]}/blob/${commit}/${encoded}${anchor}` };
    });
};
