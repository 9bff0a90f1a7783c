/**
 * The flags of `npm run new`, one table for every entry type: what each sets, the schema that
 * checks it (never a second copy of a rule), and the words it is asked and documented with, which
 * come from the field's own `.meta()`. Pure, so the command and its tests share it.
 */
import type * as z from 'zod';
import { fieldDoc } from '../../schema/docs.ts';
import { parseAuthored } from '../../schema/errors.ts';
import {
  CapabilityFrontmatter,
  ClientFrontmatter,
  FeatureFrontmatter,
  NoteFrontmatter,
  RevisionFrontmatter,
  collectionSchemas,
  type CollectionName,
} from '../../schema/index.ts';
import { WebSource as Source } from '../../schema/note.ts';
import type { EntryType, ScaffoldValues } from './scaffold.ts';

/** One flag: the value it sets, and the schema that checks it and says what it means (never a second copy). */
export interface FlagSpec {
  key: keyof ScaffoldValues;
  /** The schema each value (each item, for a list) must pass. */
  schema: z.ZodType;
  /** The frontmatter field whose `.meta()` explains the flag, where that is not `schema` itself. */
  field?: z.ZodType;
  /** For a list of ids: the collection the ids name. */
  list?: CollectionName;
  /** What `new` does with the value beyond the field's meaning. */
  aside?: string;
}

const note = NoteFrontmatter.shape;
const client = ClientFrontmatter.shape;
const revision = RevisionFrontmatter.shape;
const capability = CapabilityFrontmatter.shape;
const feature = FeatureFrontmatter.shape;
const ids = (collection: CollectionName, field: z.ZodType, key: keyof ScaffoldValues): FlagSpec => ({
  key,
  schema: collectionSchemas[collection].id,
  field,
  list: collection,
});

/** Every flag of every entry type. Adding one here adds it to parsing, prompts and the usage text. */
export const flagSpecs = {
  note: {
    title: { key: 'title', schema: note.title },
    kind: { key: 'kind', schema: note.kind },
    summary: { key: 'summary', schema: note.summary },
    client: ids('clients', note.clients, 'clients'),
    revision: ids('revisions', note.specVersions, 'revisions'),
    capability: ids('capabilities', note.capabilities, 'capabilities'),
    related: ids('research', note.related, 'related'),
    'source-url': { key: 'sourceUrl', schema: Source.shape.url, aside: 'a GitHub permalink is split into commit and path' },
    'source-title': { key: 'sourceTitle', schema: Source.shape.title },
  },
  client: {
    name: { key: 'name', schema: client.name },
    homepage: { key: 'homepage', schema: client.homepage },
    repository: { key: 'repository', schema: client.repository },
    'client-info-name': { key: 'clientInfoName', schema: client.clientInfoName },
    sdk: { key: 'sdk', schema: client.sdk },
  },
  revision: {
    released: { key: 'released', schema: revision.released },
    status: { key: 'status', schema: revision.status },
    era: { key: 'era', schema: revision.era },
  },
  capability: {
    title: { key: 'title', schema: capability.title },
    description: { key: 'description', schema: capability.description },
  },
  feature: {
    title: { key: 'title', schema: feature.title },
    description: { key: 'description', schema: feature.description },
    capability: ids('capabilities', feature.capability, 'capabilities'),
    'source-url': { key: 'sourceUrl', schema: Source.shape.url, aside: 'a GitHub permalink is split into commit and path' },
    'source-title': { key: 'sourceTitle', schema: Source.shape.title },
  },
} satisfies Record<EntryType, Record<string, FlagSpec>>;

export type Flag = { [T in EntryType]: keyof (typeof flagSpecs)[T] }[EntryType];
export const specsOf = (type: EntryType): Partial<Record<Flag, FlagSpec>> => flagSpecs[type];

/** The question asked for a flag in a terminal: the field's own label and description. */
export const question = (spec: FlagSpec) => {
  const { title, description } = fieldDoc(spec.field ?? spec.schema);
  return `${title}: ${description}${spec.aside === undefined ? '' : ` (${spec.aside})`}`;
};

/** Words joined into lines of at most `width` characters. */
const wrap = (words: readonly string[], width: number) =>
  words.reduce<string[]>((lines, word) => {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
    return lines;
  }, []);

export const usage = [
  'usage: npm run new -- <note|client|revision|capability|feature> <id> [flags]',
  '',
  ...(Object.keys(flagSpecs) as EntryType[]).flatMap((type) =>
    wrap(
      Object.entries(specsOf(type)).map(([flag, spec]) => `--${flag} ${spec.list === undefined ? `<${flag}>` : '<id>'}`),
      96,
    ).map((line, index) => `  ${(index === 0 ? type : '').padEnd(12)}${line}`),
  ),
  '',
  "  List flags may be repeated or comma-separated (--client a,b). A note's id may be left out when",
  '  --title is given: it is made from the title. --no-prompt never asks, even in a terminal.',
].join('\n');

/** The first problem the schema finds with a value, in the words `npm run check` would use. */
export const problemWith = (schema: z.ZodType, value: unknown): string | undefined => {
  const result = parseAuthored(schema, value);
  return result.success ? undefined : result.error.issues[0]?.message;
};

export const splitList = (values: readonly string[]) =>
  values
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter((value) => value !== '');

/** Checks one value against its flag's schema; list items each against the id rule. */
export const validate = (flag: Flag, spec: FlagSpec, value: string | string[]): string | undefined => {
  const items = Array.isArray(value) ? value : [value];
  for (const item of items) {
    const problem = problemWith(spec.schema, item);
    if (problem !== undefined) return `--${flag}: ${problem}${Array.isArray(value) ? ` (${JSON.stringify(item)})` : ''}`;
  }
  return undefined;
};
