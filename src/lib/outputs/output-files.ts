/** Which file of the built site a URL path or a route's item is written to (`build.format: 'file'`), and which output a file is. */
import { forms, outputs, type FormName, type Output, type OutputName } from '../routes/outputs.ts';
import { formUrl, patternRegExp } from '../routes/urls.ts';

/**
 * The file the build writes for a URL path: `/clients/x` → `clients/x.html`; `/clients/x.md` as it
 * is (ids have no dots).
 */
export const outputFile = (urlPath: string): string => {
  const file = urlPath.replace(/^\/+/, '');
  return /\.[a-z]+$/.test(file.slice(file.lastIndexOf('/') + 1)) ? file : `${file}.html`;
};

/**
 * The file a route writes for one item: Astro's route pattern (`/clients/[id]/feed.xml`) with the
 * item's params filled in, as `outputFile` names it.
 */
export const routeFile = (routePattern: string, params: Readonly<Record<string, string>>): string =>
  outputFile(
    routePattern.replace(/\[(?:\.\.\.)?([^\]]+)\]/g, (_, name: string) => {
      const value = params[name];
      if (value === undefined) throw new Error(`page reuse: the route ${routePattern} has no value for its param ${name}`);
      return value;
    }),
  );

/** The file one form of an output writes: a page as `.html` (the home page as `index.html`), the rest as their URL. */
export const formFile = (output: Output, form: FormName, params?: Readonly<Record<string, string>>): string => {
  const url = formUrl(output, form, params);
  if (form !== 'page') return url.replace(/^\/+/, '');
  return url === '/' ? 'index.html' : `${url.replace(/^\/+/, '')}.html`;
};

/** A built file read back as an output: which row, which form, and what its pattern's `<…>` stood for. */
export interface OutputFileMatch {
  name: OutputName;
  output: Output;
  form: FormName;
  params: Record<string, string>;
}

/** The file a form's URL names, as a pattern over files: `/research/<id>` → `research/<id>.html`. */
const filePattern = (output: Output, form: FormName): RegExp => {
  const url = output.pattern === '/' ? (form === 'twin' ? '/index.md' : '/index') : `${output.pattern}${forms[form].suffix}`;
  const pattern = patternRegExp(url).source.replace(/^\^\\\//, '^');
  return new RegExp(form === 'page' ? pattern.replace(/\$$/, '\\.html$') : pattern);
};

type FilePattern = { name: OutputName; output: Output; form: FormName; pattern: RegExp };

/** The file patterns by their first segment (`captures` for `captures/<id>.md`, `feed.xml`), so a file tries only its own. */
let filePatterns: Map<string, FilePattern[]> | undefined;

/** A file's first path segment; a pattern's, where it is literal (every pattern's is). */
const firstSegment = (file: string) => file.split('/', 1)[0] ?? '';

/**
 * Every row and form a file of the built site (relative, `research/x.html`) matches, in the table's
 * order; empty for a file the table does not know. A badge under a feature's folder may match both
 * badges (a feature path may hold a client's id), which only the content can tell apart.
 */
export const matchOutputFile = (file: string): OutputFileMatch[] => {
  filePatterns ??= Map.groupBy(
    (Object.entries(outputs) as [OutputName, Output][]).flatMap(([name, output]) =>
      output.forms.map((form) => ({ name, output, form, pattern: filePattern(output, form) })),
    ),
    ({ output, form }) => firstSegment(formFile(output, form, placeholders(output))),
  );
  return (filePatterns.get(firstSegment(file)) ?? []).flatMap(({ name, output, form, pattern }) => {
    const match = pattern.exec(file);
    return match === null ? [] : [{ name, output, form, params: { ...match.groups } }];
  });
};

/** Each `<name>` of an output's pattern as itself, to read its literal parts through `formFile`. */
const placeholders = (output: Output) =>
  Object.fromEntries([...output.pattern.matchAll(/<([a-z]+)>/g)].map(([token, name = '']) => [name, token]));

/** The extension of a form's files (`.html`, `.md`, `.json`, …); undefined where it varies (assets, the search index). */
export const formExtension = (output: Output, form: FormName): string | undefined => {
  if (form === 'page') return '.html';
  if (forms[form].suffix !== '') return forms[form].suffix;
  return /\.[a-z]+$/.exec(output.pattern)?.[0];
};
