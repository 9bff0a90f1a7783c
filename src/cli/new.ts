/**
 * `npm run new -- <note|client|revision|capability|feature> <id> [flags]`: writes a new content file with
 * every required field, placeholders marked TODO where no value was given, and prints its path.
 * Never overwrites: an existing id (in any letter case) or an id that is not valid is refused.
 * With a terminal attached it asks for what the flags left out; `--no-prompt` skips the questions.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface, type Interface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { loadContent } from '../node/content.ts';
import { entryIds } from '../node/content-files.ts';
import { contentDir } from '../node/paths.ts';
import { formatProblem } from '../lib/content/problems.ts';
import {
  entryTypes,
  isEntryType,
  scaffold,
  slugify,
  sourceParts,
  type EntryType,
  type ScaffoldValues,
} from '../lib/authoring/scaffold.ts';
import { collectionSchemas, collections, type CollectionName } from '../schema/index.ts';
import { fail } from './fail.ts';
import {
  flagSpecs,
  problemWith,
  question,
  specsOf,
  splitList,
  usage,
  validate,
  type Flag,
  type FlagSpec,
} from '../lib/authoring/new-flags.ts';
import { buildDate, siteOrigin } from '../node/environment.ts';
import { USAGE_EXIT, usageError } from '../node/command-line.ts';

/** A refusal the author can act on: printed as one line, exit code 1, nothing written. */
class Refusal extends Error {}

const display = (absolute: string) => path.relative(process.cwd(), absolute) || absolute;

const ask = async (
  rl: Interface,
  flag: Flag,
  spec: FlagSpec,
  known: readonly string[],
): Promise<string | string[] | undefined> => {
  const hint =
    spec.list === undefined
      ? ''
      : ` (comma-separated${known.length > 0 ? `; known: ${known.slice(0, 12).join(', ')}${known.length > 12 ? ', …' : ''}` : ''})`;
  for (;;) {
    const answer = (await rl.question(`${question(spec)}${hint}, or Enter to fill in later: `)).trim();
    if (answer === '') return undefined;
    const value = spec.list === undefined ? answer : splitList([answer]);
    const problem = validate(flag, spec, value);
    if (problem === undefined) return value;
    console.error(problem.replace(/^--[\w-]+: /, ''));
  }
};

/** Where a run writes its lines: the terminal for the command, buffers for `runNew`. */
interface Output {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** Runs the command on argv; resolves to the exit code. Refusals are printed, other errors thrown. */
const execute = async (argv: readonly string[], root: string, io: Output, interactive: boolean): Promise<number> => {
  // Every type's flags are accepted here; create() refuses a flag that belongs to another type.
  const allSpecs = new Map((Object.keys(flagSpecs) as EntryType[]).flatMap((type) => Object.entries(specsOf(type))));
  const options = Object.fromEntries(
    [...allSpecs].map(([flag, spec]) => [flag, { type: 'string' as const, multiple: spec.list !== undefined }]),
  );
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: { ...options, prompt: { type: 'boolean', default: true }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      allowNegative: true,
      strict: true,
    });
  } catch (error) {
    const refused = usageError(error, 'npm run new');
    if (refused === undefined) throw error;
    io.err(`error: ${refused.message}`);
    return USAGE_EXIT;
  }
  const { values, positionals } = parsed;
  if (values.help === true) {
    io.out(usage);
    return 0;
  }
  const rl =
    interactive && values.prompt === true ? createInterface({ input: process.stdin, output: process.stderr }) : undefined;
  try {
    await create(values, positionals, rl, root, io);
    return 0;
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    io.err(`error: ${error.message}`);
    return 1;
  } finally {
    rl?.close();
  }
};

/**
 * `npm run new` without a terminal, on a given content folder: its exit code and everything it
 * printed. SITE_URL and BUILD_DATE come from the environment, as in the command.
 */
export const runNew = async (
  argv: readonly string[],
  root: string,
): Promise<{ code: number; stdout: string; stderr: string }> => {
  let stdout = '';
  let stderr = '';
  const io: Output = { out: (line) => (stdout += `${line}\n`), err: (line) => (stderr += `${line}\n`) };
  const code = await execute(argv, root, io, false);
  return { code, stdout, stderr };
};

const create = async (
  flags: Record<string, string | string[] | boolean | undefined>,
  positionals: string[],
  rl: Interface | undefined,
  root: string,
  io: Output,
) => {
  if (positionals.length > 2)
    throw new Refusal(`expected a type and an id, got ${positionals.length} words: ${positionals.join(' ')}\n\n${usage}`);
  let [type, id] = positionals;
  if (type === undefined && rl) type = (await rl.question('Type (note, client, revision or capability): ')).trim();
  if (type === undefined || type === '') throw new Refusal(`missing the type of entry\n\n${usage}`);
  if (!isEntryType(type))
    throw new Refusal(`unknown type ${JSON.stringify(type)}: expected note, client, revision or capability`);
  const specs = specsOf(type);

  // Flags first, so a wrong flag fails before any question is asked.
  const given: ScaffoldValues = {};
  for (const [flag, raw] of Object.entries(flags)) {
    if (flag === 'prompt' || flag === 'help' || raw === undefined) continue;
    const spec = specs[flag as Flag];
    if (spec === undefined) {
      const owners = (Object.keys(flagSpecs) as EntryType[]).filter((other) => specsOf(other)[flag as Flag] !== undefined);
      throw new Refusal(`--${flag} is for a ${owners.join(' or ')}, not a ${type}`);
    }
    const value = spec.list === undefined ? String(raw) : splitList(Array.isArray(raw) ? raw : [String(raw)]);
    const problem = validate(flag as Flag, spec, value);
    if (problem !== undefined) throw new Refusal(problem);
    (given as Record<string, unknown>)[spec.key] = value;
  }

  const collection = entryTypes[type];
  const { noun, id: idSchema } = collectionSchemas[collection];
  if (id === undefined && type === 'note' && given.title !== undefined) id = slugify(given.title);
  if (id === undefined && rl) id = (await rl.question(`Id of the new ${noun} (the file name, without .md): `)).trim();
  if (id === undefined || id === '') throw new Refusal(`missing the id of the new ${noun}\n\n${usage}`);
  const idProblem = problemWith(idSchema, id);
  if (idProblem !== undefined) throw new Refusal(`${JSON.stringify(id)} is not a valid ${noun} id: ${idProblem}`);

  const known = Object.fromEntries(
    await Promise.all(collections.map(async (name) => [name, await entryIds(path.join(root, name))] as const)),
  ) as Record<CollectionName, string[]>;
  const target = path.join(root, collection, `${id}.md`);
  const clash = known[collection].find((existing) => existing.toLowerCase() === id.toLowerCase());
  if (clash !== undefined) {
    const existing = display(path.join(root, collection, `${clash}.md`));
    throw new Refusal(
      clash === id
        ? `${existing} already exists: choose another id, or edit that file`
        : `${JSON.stringify(id)} differs from the existing ${existing} only in letter case, and they would share one URL: choose another id`,
    );
  }

  if (rl) {
    for (const [flag, spec] of Object.entries(specs) as [Flag, FlagSpec][]) {
      if (given[spec.key] !== undefined) continue;
      const answer = await ask(rl, flag, spec, spec.list === undefined ? [] : known[spec.list]);
      if (answer !== undefined) (given as Record<string, unknown>)[spec.key] = answer;
    }
  }

  // References to entries that do not exist yet are allowed (the author may write them next), but said.
  for (const spec of Object.values(specs)) {
    const list = spec.list;
    const ids = list === undefined ? undefined : (given[spec.key] as string[] | undefined);
    if (list === undefined || ids === undefined) continue;
    for (const ref of ids.filter((value) => !known[list].includes(value))) {
      const refType = (Object.keys(entryTypes) as EntryType[]).find((name) => entryTypes[name] === list) ?? 'note';
      io.err(`note: there is no ${collectionSchemas[list].noun} "${ref}" yet; create it with: npm run new -- ${refType} ${ref}`);
    }
  }
  if (given.sourceUrl !== undefined && sourceParts(given.sourceUrl).unpinnedRef !== undefined) {
    io.err(`note: the source URL names a branch or tag, not a commit; pin the commit you read (the file says where)`);
  }

  const text = scaffold(type, id, given, { today: buildDate(), known });
  await mkdir(path.dirname(target), { recursive: true });
  try {
    // 'wx' fails if the file appeared since the check above: never overwrite.
    await writeFile(target, text, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      throw new Refusal(`${display(target)} already exists: choose another id, or edit that file`);
    throw error;
  }
  io.out(display(target));

  // What `npm run check` will say about the new file, so the author knows what is left to fill in.
  const { problems } = await loadContent(root, { origin: siteOrigin(), today: buildDate() });
  const own = problems.filter((problem) => path.resolve(problem.file) === target);
  if (own.length === 0) {
    io.err(`Created a ${noun} that passes npm run check. Run npm run dev to see it.`);
  } else {
    io.err(`Created a ${noun}. Fill in the lines marked TODO; until then npm run check reports:`);
    for (const problem of own) io.err(`  ${formatProblem(problem)}`);
    io.err('Then run npm run check again, and npm run dev to see the page as you write.');
  }
};

// Run as the command (not when imported by tests): questions only with a terminal on both ends.
if (import.meta.main) {
  const terminal: Output = { out: (line) => console.log(line), err: (line) => console.error(line) };
  const interactive = process.stdin.isTTY === true && process.stdout.isTTY === true;
  execute(process.argv.slice(2), contentDir(), terminal, interactive).then((code) => (process.exitCode = code), fail);
}
