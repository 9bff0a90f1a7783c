/**
 * The repository a note page links readers to, for "Suggest a correction" (a prefilled new-issue
 * form) and "Edit this note" (its source file), as MDN and Starlight pages do. Only GitHub is
 * understood: those two URLs are GitHub's.
 */

/** A GitHub repository, and the folder of this project inside it (package.json's `directory`). */
export interface Repository {
  /** `https://github.com/<owner>/<name>`, without `.git` or a trailing slash. */
  url: string;
  /** The project's folder within the repository, `''` at its root. */
  directory: string;
}

/** The branch that "Edit this note" opens. */
const EDIT_BRANCH = 'main';

const shorthand = /^(?:github:)?([A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)\/([\w.-]+)$/;
const hosted =
  /^(?:git\+)?(?:https?:\/\/(?:www\.)?|git:\/\/|(?:ssh:\/\/)?git@)github\.com[/:]([A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)\/([\w.-]+?)(?:\.git)?\/?$/;

/**
 * `https://github.com/<owner>/<name>` for any way npm lets one name a GitHub repository
 * (`owner/name`, `github:owner/name`, `git+https://github.com/owner/name.git`, `git@github.com:owner/name.git`, …);
 * undefined for anything else (other hosts, a path inside a repository, not a string).
 */
export const githubRepositoryUrl = (value: unknown): string | undefined => {
  if (typeof value !== 'string') return undefined;
  const text = value.trim().replace(/#.*$/, '');
  const match = shorthand.exec(text) ?? hosted.exec(text);
  const owner = match?.[1];
  const name = match?.[2]?.replace(/\.git$/, '');
  if (owner === undefined || name === undefined || name === '' || name === '.' || name === '..') return undefined;
  return `https://github.com/${owner}/${name}`;
};

const folder = (value: unknown): string =>
  typeof value === 'string'
    ? value
        .split(/[\\/]+/)
        .filter((part) => part !== '' && part !== '.')
        .join('/')
    : '';

/**
 * The repository to link: `REPOSITORY_URL` where set (it must name a GitHub repository, or this
 * throws), else package.json's `repository` (a string or `{ url, directory }`); undefined when
 * neither names a GitHub repository, and the links are then left out.
 */
export const resolveRepository = (env: string | undefined, field: unknown): Repository | undefined => {
  if (env !== undefined && env.trim() !== '') {
    const url = githubRepositoryUrl(env);
    if (url === undefined) {
      throw new Error(
        `REPOSITORY_URL: expected a GitHub repository like https://github.com/owner/name, got ${JSON.stringify(env)}`,
      );
    }
    return { url, directory: '' };
  }
  const written = typeof field === 'object' && field !== null ? (field as Record<string, unknown>) : { url: field };
  const url = githubRepositoryUrl(written['url']);
  return url === undefined ? undefined : { url, directory: folder(written['directory']) };
};

/** What a correction report names: the note, its page, and when it was last checked. */
export interface ReportedNote {
  id: string;
  page: string;
  lastVerified: string;
}

/** The repository's new-issue form, prefilled with the note's id, page URL and last-verified date. */
export const suggestCorrectionUrl = (repository: Repository, note: ReportedNote): string => {
  const title = `Correction: ${note.id}`;
  const body = [
    `Note: ${note.id}`,
    `Page: ${note.page}`,
    `Last verified: ${note.lastVerified}`,
    '',
    'What is wrong, and which source shows it (a link, and the commit or date where it applies):',
    '',
  ].join('\n');
  return `${repository.url}/issues/new?title=${encodeURIComponent(title)}&body=${encodeURIComponent(body)}`;
};

/** GitHub's editor for a file, given its path from the project root, on the edit branch. */
export const editFileUrl = (repository: Repository, file: string): string => {
  const full = [repository.directory, file].filter((part) => part !== '').join('/');
  return `${repository.url}/edit/${EDIT_BRANCH}/${full.split('/').map(encodeURIComponent).join('/')}`;
};

/** A commit's page in the repository. */
export const commitUrl = (repository: Repository, commit: string): string => `${repository.url}/commit/${commit}`;

/** A file's page in the repository, given its path from the project root, on the edit branch. */
export const fileUrl = (repository: Repository, file: string): string => {
  const full = [repository.directory, file].filter((part) => part !== '').join('/');
  return `${repository.url}/blob/${EDIT_BRANCH}/${full.split('/').map(encodeURIComponent).join('/')}`;
};
