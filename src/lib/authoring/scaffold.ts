/**
 * The text of a new content file for `npm run new`. Pure: the caller reads the content folder and the
 * date, this only builds the Markdown. Every required field is written; a value the author has not
 * given yet is an empty placeholder marked `# TODO:` that `npm run check` rejects with a message
 * naming the field, so `new` → fill in → `check` walks the author through what is left.
 */
import { parseDocument } from 'yaml';
import type * as z from 'zod';
import { fieldDoc } from '../../schema/docs.ts';
import { commitPattern } from '../../schema/fields.ts';
import {
  CapabilityFrontmatter,
  ClientFrontmatter,
  FeatureFrontmatter,
  NoteFrontmatter,
  featureObservations,
  RevisionFrontmatter,
  noteKinds,
  noteStatuses,
  revisionEras,
  revisionStatuses,
  type CollectionName,
} from '../../schema/index.ts';
import { WebSource as Source } from '../../schema/note.ts';
import { clientUrl, noteUrl } from '../routes/urls.ts';

/** What `npm run new` creates, and the content folder each one lives in. */
export const entryTypes = {
  note: 'research',
  client: 'clients',
  revision: 'revisions',
  capability: 'capabilities',
  feature: 'features',
} as const satisfies Record<string, CollectionName>;

export type EntryType = keyof typeof entryTypes;

export const isEntryType = (value: string): value is EntryType => Object.hasOwn(entryTypes, value);

/** Values the author gave (flags or prompts); anything missing becomes a placeholder. */
export interface ScaffoldValues {
  title?: string;
  kind?: string;
  summary?: string;
  capabilities?: readonly string[];
  clients?: readonly string[];
  revisions?: readonly string[];
  related?: readonly string[];
  sourceUrl?: string;
  sourceTitle?: string;
  name?: string;
  homepage?: string;
  repository?: string;
  clientInfoName?: string;
  sdk?: string;
  released?: string;
  status?: string;
  era?: string;
  description?: string;
  /** A capture as the note's source instead of a web source (the probe's `draft`). */
  captureSource?: { capture: string; sha256: string; title: string; date: string };
  /** Lines the body starts with, before the comment that asks for the note (the probe's facts). */
  bodyLines?: readonly string[];
}

/** What the scaffold needs to know about the world: the date, and the ids that exist, for hints. */
export interface ScaffoldContext {
  today: string;
  known: Partial<Record<CollectionName, readonly string[]>>;
}

/** A source as the site stores it: a repository URL plus the commit and path read there. */
export interface SourceParts {
  url: string;
  commit?: string;
  path?: string;
  /** Set when the URL named a branch or tag instead of a commit, so the hint can say so. */
  unpinnedRef?: string;
}

/**
 * Splits a GitHub link into the form the notes use (repository URL, `commit`, `path` with
 * `:from-to`), so a permalink pasted from the browser becomes a pinned source. Other URLs are kept.
 */
export const sourceParts = (url: string): SourceParts => {
  const match =
    /^https:\/\/github\.com\/([\w.-]+)\/([\w.-]+?)(?:\.git)?\/(blob|tree|commit)\/([^/#?]+)\/?([^#?]*)(?:\?[^#]*)?(?:#L(\d+)(?:-L(\d+))?)?$/.exec(
      url,
    );
  if (!match) return { url };
  const [, owner, repo, what, ref = '', file = '', from, to] = match;
  const parts: SourceParts = { url: `https://github.com/${owner}/${repo}` };
  if (commitPattern.test(ref)) parts.commit = ref;
  else parts.unpinnedRef = ref;
  if (what !== 'commit' && file !== '') {
    const decoded = file.split('/').map(decodeURIComponent).join('/');
    parts.path = from === undefined ? decoded : `${decoded}:${from}${to === undefined ? '' : `-${to}`}`;
  }
  return parts;
};

/** A title turned into an id: `Codex offers 2025-06-18!` → `codex-offers-2025-06-18`. */
export const slugify = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');

/**
 * A YAML scalar for `value`: plain where the project's reader (YAML failsafe) reads it back
 * unchanged, else double-quoted. A JSON string is a valid YAML double-quoted scalar.
 */
const yamlScalar = (value: string): string => {
  if (value !== '' && value.trim() === value && !/\s#|^[#&*!|>'"%@`{[\]},?-]|:$/.test(value)) {
    const document = parseDocument(`v: ${value}\n`, { schema: 'failsafe' });
    const data: unknown = document.errors.length === 0 && document.warnings.length === 0 ? document.toJS() : undefined;
    if (typeof data === 'object' && data !== null && (data as Record<string, unknown>)['v'] === value) return value;
  }
  return JSON.stringify(value);
};

const flowList = (values: readonly string[]) => `[${values.map(yamlScalar).join(', ')}]`;

/** Known ids for a hint, shortened so a big corpus does not make the line unreadable. */
const knownHint = (ids: readonly string[] | undefined, folder: string) => {
  if (ids === undefined || ids.length === 0) return `ids of files in ${folder}/`;
  const shown = ids.slice(0, 12).join(', ');
  return `one or more of ${shown}${ids.length > 12 ? ', …' : ''} (ids of files in ${folder}/)`;
};

const todo = (hint: string) => ` # TODO: ${hint}`;

/** A field's own description, as the TODO hint for it: the words the JSON Schemas show in editors. */
const about = (schema: z.ZodType) => fieldDoc(schema).description;
const note = NoteFrontmatter.shape;

/** `key: value`, or `key: ""` with a TODO hint when the author has not given it yet. */
const textField = (key: string, value: string | undefined, hint: string, indent = '') =>
  value === undefined ? `${indent}${key}: ""${todo(hint)}` : `${indent}${key}: ${yamlScalar(value)}`;

/** An enum: left empty so check answers with the list of allowed values. */
const choiceField = (key: string, value: string | undefined, choices: readonly string[]) =>
  value === undefined ? `${key}:${todo(`one of ${choices.join(', ')}`)}` : `${key}: ${value}`;

const listField = (key: string, values: readonly string[] | undefined, hint: string) =>
  values === undefined || values.length === 0 ? `${key}: []${todo(hint)}` : `${key}: ${flowList(values)}`;

const noteFile = (id: string, values: ScaffoldValues, context: ScaffoldContext): string => {
  const source = values.sourceUrl === undefined ? undefined : sourceParts(values.sourceUrl);
  const commitHint =
    source?.unpinnedRef === undefined
      ? about(Source.shape.commit)
      : `"${source.unpinnedRef}" is a branch or tag, not a commit: pin the commit you read. ${about(Source.shape.commit)}`;
  const lines = [
    `id: ${id}`,
    textField('title', values.title, about(note.title)),
    choiceField('kind', values.kind, noteKinds),
    textField('summary', values.summary, about(note.summary)),
    listField('capabilities', values.capabilities, knownHint(context.known.capabilities, 'capabilities')),
    listField('clients', values.clients, knownHint(context.known.clients, 'clients')),
    listField('specVersions', values.revisions, knownHint(context.known.revisions, 'revisions')),
    'sources:',
    ...(values.captureSource === undefined
      ? [
          textField('url', source?.url, about(Source.shape.url), '  - '),
          textField('title', values.sourceTitle, about(Source.shape.title), '    '),
          source?.commit === undefined ? `    commit: ""${todo(commitHint)}` : `    commit: ${yamlScalar(source.commit)}`,
          source?.path === undefined ? `    path: ""${todo(about(Source.shape.path))}` : `    path: ${yamlScalar(source.path)}`,
          `    date: ${context.today}`,
        ]
      : [
          `  - capture: ${values.captureSource.capture}`,
          `    sha256: ${values.captureSource.sha256}`,
          `    title: ${yamlScalar(values.captureSource.title)}`,
          `    date: ${values.captureSource.date}`,
        ]),
    `status: ${noteStatuses[0]}`,
    `lastVerified: ${context.today}`,
  ];
  if (values.related !== undefined && values.related.length > 0) lines.push(`related: ${flowList(values.related)}`);
  const body = [
    ...(values.bodyLines ?? []),
    '<!--',
    'TODO: write the note, then delete this comment.',
    '- One claim per note: say it in the first sentence or two.',
    '- Then the evidence: what the code or document says, at the commit and path under sources, quoted where short.',
    '- Say what you checked and what you did not. Link clients and other notes by their twins:',
    `  ${clientUrl('<id>', 'twin')}, ${noteUrl('<id>', 'twin')}.`,
    '-->',
  ];
  return file(lines, body);
};

const clientFile = (values: ScaffoldValues): string => {
  const lines = [
    textField('name', values.name, about(ClientFrontmatter.shape.name)),
    textField('homepage', values.homepage, about(ClientFrontmatter.shape.homepage)),
  ];
  if (values.repository !== undefined) lines.push(`repository: ${yamlScalar(values.repository)}`);
  if (values.clientInfoName !== undefined) lines.push(`clientInfoName: ${yamlScalar(values.clientInfoName)}`);
  if (values.sdk !== undefined) lines.push(`sdk: ${yamlScalar(values.sdk)}`);
  const body = [
    '<!--',
    'TODO: describe the client, then delete this comment: what it is, the MCP SDK it is built on, its',
    'transports, and where its MCP code lives (repository, commit, path). Optional fields above:',
    'repository, clientInfoName (what it sends as clientInfo.name), sdk.',
    '-->',
  ];
  return file(lines, body);
};

const revisionFile = (id: string, values: ScaffoldValues): string => {
  const lines = [
    values.released === undefined
      ? `released: ""${todo(`${about(RevisionFrontmatter.shape.released)} Here: ${id}?`)}`
      : `released: ${JSON.stringify(values.released)}`,
    choiceField('status', values.status, revisionStatuses),
    choiceField('era', values.era, revisionEras),
  ];
  const body = [
    '<!--',
    'TODO: summarise what changed in this revision, with links to its changelog at a commit, then',
    'delete this comment.',
    '-->',
  ];
  return file(lines, body);
};

const capabilityFile = (values: ScaffoldValues): string => {
  const lines = [
    textField('title', values.title, about(CapabilityFrontmatter.shape.title)),
    textField('description', values.description, about(CapabilityFrontmatter.shape.description)),
  ];
  const body = [
    '<!--',
    'TODO: describe the capability as the specification defines it, with a link to the',
    'specification at a commit, then delete this comment.',
    '-->',
  ];
  return file(lines, body);
};

const featureFile = (values: ScaffoldValues, context: ScaffoldContext): string => {
  const feature = FeatureFrontmatter.shape;
  const source = values.sourceUrl === undefined ? undefined : sourceParts(values.sourceUrl);
  const lines = [
    textField('title', values.title, about(feature.title)),
    textField('description', values.description, about(feature.description)),
    textField('capability', values.capabilities?.[0], knownHint(context.known.capabilities, 'capabilities')),
    `introduced: ""${todo(about(feature.introduced))}`,
    'spec:',
    textField('url', source?.url, 'a github.com blob URL at the commit you read', '  - '),
    textField('title', values.sourceTitle, about(Source.shape.title), '    '),
    source?.commit === undefined
      ? `    commit: ""${todo(about(Source.shape.commit))}`
      : `    commit: ${yamlScalar(source.commit)}`,
    source?.path === undefined ? `    path: ""${todo(about(Source.shape.path))}` : `    path: ${yamlScalar(source.path)}`,
    `    date: ""${todo("the commit's date (git log -1 --format=%cs <commit>)")}`,
    choiceField('observe', undefined, featureObservations),
  ];
  const body = [
    '<!--',
    'TODO: explain in a few sentences, in your own words, what a server author should know about',
    'this feature (never copy the specification), then delete this comment.',
    '-->',
  ];
  return file(lines, body);
};

const file = (frontmatter: readonly string[], body: readonly string[]) =>
  `---\n${frontmatter.join('\n')}\n---\n\n${body.join('\n')}\n`;

/** The whole text of a new entry of `type` named `id`. */
export const scaffold = (type: EntryType, id: string, values: ScaffoldValues, context: ScaffoldContext): string => {
  switch (type) {
    case 'note':
      return noteFile(id, values, context);
    case 'client':
      return clientFile(values);
    case 'revision':
      return revisionFile(id, values);
    case 'capability':
      return capabilityFile(values);
    case 'feature':
      return featureFile(values, context);
  }
};
