/**
 * Synthetic content folders for the benchmark: N research notes of about 750 words (headings, a
 * list, a code block, links to other notes' twins and to clients), 40 clients, the five revisions
 * and a dozen capabilities. Everything is drawn from a seeded PRNG, so a size always produces the
 * same bytes, and every file is valid per FORMAT.md (`npm run check` passes) for builds dated
 * BENCH_BUILD_DATE.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createRandom, zipf, type Random } from './prng.ts';
import { CAPABILITIES, CLIENT_STEMS, CLIENT_SUFFIXES, REVISIONS, vocabulary } from './corpus-words.ts';
import { count, realisticNotes } from './corpus-realistic.ts';

/**
 * How notes are made: `realistic` (the default) varies them as real notes vary (bench/corpus-realistic.ts);
 * `uniform` is the corpus of the benches before it, notes of 740–860 words of even prose over 12,000
 * words, kept byte for byte so old figures can be measured again.
 */
export const CORPUS_MODES = ['realistic', 'uniform'] as const;
/** One of CORPUS_MODES. */
export type CorpusMode = (typeof CORPUS_MODES)[number];

/** The build date every benchmark run pins, so `lastVerified` stays "in the past" forever. */
export const BENCH_BUILD_DATE = '2026-11-30';

export interface CorpusOptions {
  notes: number;
  seed?: number;
  clients?: number;
  mode?: CorpusMode;
}

export interface Corpus {
  dir: string;
  noteIds: string[];
  clientIds: string[];
  /** Total words in note bodies, to check the ~750 words a note target. */
  bodyWords: number;
}

const pad = (value: number, width: number) => String(value).padStart(width, '0');

/** A date `days` before `date` (both YYYY-MM-DD, UTC). */
const daysBefore = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

const hex = (random: Random, length: number) => {
  let out = '';
  for (let i = 0; i < length; i++) out += '0123456789abcdef'[random.int(0, 15)];
  return out;
};

/** Writes a corpus of `notes` notes into `dir` (emptied first). */
export const writeCorpus = async (dir: string, options: CorpusOptions): Promise<Corpus> => {
  const random = createRandom(options.seed ?? 20261130 + options.notes);
  const words = vocabulary(random);
  const rank = zipf(random, words.length);
  const word = () => words[rank()] as string;
  const clientCount = options.clients ?? 40;

  await rm(dir, { recursive: true, force: true });
  for (const folder of ['research', 'clients', 'revisions', 'capabilities'])
    await mkdir(path.join(dir, folder), { recursive: true });

  const clients = Array.from({ length: clientCount }, (_, index) => {
    const stem = CLIENT_STEMS[index % CLIENT_STEMS.length] as string;
    const suffix = CLIENT_SUFFIXES[index % CLIENT_SUFFIXES.length] as string;
    const round = Math.floor(index / CLIENT_STEMS.length);
    const id = `${stem}-${suffix}${round > 0 ? `-${round + 1}` : ''}`;
    const name = `${stem[0]?.toUpperCase()}${stem.slice(1)} ${suffix === 'cli' ? 'CLI' : `${suffix[0]?.toUpperCase()}${suffix.slice(1)}`}`;
    return { id, name };
  });
  const clientIds = clients.map((client) => client.id);
  const capabilityIds = CAPABILITIES.map(([id]) => id);
  const revisionIds = REVISIONS.map((revision) => revision.id);

  const noteIds = Array.from({ length: options.notes }, (_, index) => {
    const client = clientIds[index % clientIds.length] as string;
    const capability = (capabilityIds[index % capabilityIds.length] as string).toLowerCase();
    const verb = random.pick([
      'drops',
      'keeps',
      'retries',
      'ignores',
      'rejects',
      'sends',
      'caches',
      'renames',
      'splits',
      'probes',
    ]);
    return `${client}-${verb}-${capability}-${pad(index, 5)}`;
  });

  const sentence = (min = 8, max = 22) => {
    const count = random.int(min, max);
    const parts: string[] = [];
    for (let i = 0; i < count; i++) {
      let token = word();
      if (random.chance(0.04)) token = `\`${token}\``;
      else if (random.chance(0.015)) token = `**${token}**`;
      parts.push(token);
    }
    const first = parts[0] ?? 'the';
    parts[0] = first.startsWith('`') || first.startsWith('*') ? first : `${first[0]?.toUpperCase()}${first.slice(1)}`;
    if (count > 12 && random.chance(0.3)) parts[random.int(3, count - 4)] += ',';
    return `${parts.join(' ')}.`;
  };
  const linkText = () => Array.from({ length: random.int(2, 4) }, word).join(' ');

  let bodyWords = 0;
  const countWords = (text: string) => text.split(/\s+/).filter(Boolean).length;

  if (options.mode !== 'uniform') {
    const note = realisticNotes(random, {
      noteIds,
      clients,
      capabilityIds,
      revisionIds,
      sourceDate: () => daysBefore(BENCH_BUILD_DATE, random.int(0, 500)),
    });
    for (const [index, id] of noteIds.entries()) {
      const noteClients = [clientIds[index % clientIds.length] as string, ...random.sample(clientIds, count(random, 0, 5, 0.8))];
      const uniqueClients = [...new Set(noteClients)];
      const noteCaps = random.sample(capabilityIds, random.int(1, 4));
      const noteRevs = random.sample(revisionIds, random.int(1, 4)).sort();
      const roll = random.next();
      const status = roll < 0.05 ? 'superseded' : roll < 0.08 ? 'retracted' : 'current';
      const made = note(index, uniqueClients[0] as string);
      const frontmatter = [
        '---',
        `id: ${id}`,
        `title: "${made.title}"`,
        `kind: ${random.pick(['nuance', 'support', 'gap', 'bug', 'change'])}`,
        `summary: "${made.summary}"`,
        `capabilities: [${noteCaps.join(', ')}]`,
        'clients:',
        ...uniqueClients.map((client) => `  - ${client}`),
        'specVersions:',
        ...noteRevs.map((revision) => `  - ${revision}`),
        'sources:',
        ...made.sources,
        `status: ${status}`,
        ...(status === 'superseded' ? [`supersededBy: ${noteIds[(index + 1) % noteIds.length]}`] : []),
        `lastVerified: ${daysBefore(BENCH_BUILD_DATE, random.int(0, 364))}`,
        ...(made.related.length > 0 ? ['related:', ...made.related.map((other) => `  - ${other}`)] : []),
        ...(made.corrects.length > 0 ? ['corrects:', ...made.corrects.map((other) => `  - ${other}`)] : []),
        '---',
      ].join('\n');
      bodyWords += countWords(made.body);
      await writeFile(path.join(dir, 'research', `${id}.md`), `${frontmatter}\n\n${made.body}\n`);
    }
  }

  const uniformNotes = options.mode === 'uniform' ? [...noteIds.entries()] : [];
  for (const [index, id] of uniformNotes) {
    const noteClients = random.sample(clientIds, random.int(1, 3));
    const noteCaps = random.sample(capabilityIds, random.int(1, 3));
    const noteRevs = random.sample(revisionIds, random.int(1, 3)).sort();
    const others = () => {
      let other = random.int(0, noteIds.length - 1);
      if (other === index) other = (other + 1) % noteIds.length;
      return noteIds[other] as string;
    };
    const kind = random.pick(['nuance', 'support', 'gap', 'bug', 'change']);
    const roll = random.next();
    const status = noteIds.length > 1 && roll < 0.05 ? 'superseded' : roll < 0.08 ? 'retracted' : 'current';
    const lastVerified = daysBefore(BENCH_BUILD_DATE, random.int(0, 364));
    const related = noteIds.length > 1 ? [...new Set(Array.from({ length: random.int(0, 3) }, others))] : [];
    const firstClient = clients.find((client) => client.id === noteClients[0]) ?? clients[0];
    const title = `${firstClient?.name} ${Array.from({ length: random.int(4, 9) }, word).join(' ')}`;
    const summary = `${sentence(10, 20)} ${sentence(8, 16)}`.replace(/[`*]/g, '');

    const sources = Array.from({ length: random.int(1, 3) }, () => {
      const lines = [
        `  - url: https://github.com/example-org/${random.pick(clientIds)}`,
        `    title: ${Array.from({ length: random.int(2, 5) }, word).join(' ')}`,
      ];
      if (random.chance(0.8)) lines.push(`    commit: ${hex(random, random.pick([8, 12, 40]))}`);
      if (random.chance(0.7)) lines.push(`    path: src/${word()}/${word()}.ts:${random.int(1, 400)}-${random.int(401, 900)}`);
      lines.push(`    date: ${daysBefore(BENCH_BUILD_DATE, random.int(0, 500))}`);
      return lines.join('\n');
    });

    const frontmatter = [
      '---',
      `id: ${id}`,
      `title: "${title}"`,
      `kind: ${kind}`,
      `summary: "${summary}"`,
      `capabilities: [${noteCaps.join(', ')}]`,
      'clients:',
      ...noteClients.map((client) => `  - ${client}`),
      'specVersions:',
      ...noteRevs.map((revision) => `  - ${revision}`),
      'sources:',
      ...sources,
      `status: ${status}`,
      ...(status === 'superseded' ? [`supersededBy: ${others()}`] : []),
      `lastVerified: ${lastVerified}`,
      ...(related.length > 0 ? ['related:', ...related.map((note) => `  - ${note}`)] : []),
      '---',
    ].join('\n');

    const paragraph = (sentences: number, links: string[] = []) => {
      const parts = Array.from({ length: sentences }, () => sentence());
      for (const link of links) {
        const at = random.int(0, parts.length - 1);
        parts[at] = `${parts[at]} See [${linkText()}](${link}) for the details.`;
      }
      return parts.join(' ');
    };
    const code = [
      '```json',
      '{',
      '  "jsonrpc": "2.0",',
      `  "id": ${random.int(1, 99)},`,
      `  "method": "${random.pick(['initialize', 'server/discover', 'tools/list', 'tools/call', 'resources/read', 'prompts/get'])}",`,
      '  "params": {',
      `    "protocolVersion": "${random.pick(revisionIds)}",`,
      `    "clientInfo": { "name": "${noteClients[0]}", "version": "${random.int(0, 3)}.${random.int(0, 20)}.${random.int(0, 9)}" },`,
      `    "${word()}": "${word()} ${word()}"`,
      '  }',
      '}',
      '```',
    ].join('\n');
    const list = Array.from({ length: random.int(4, 6) }, (_, item) =>
      item === 1 ? `- ${sentence(6, 10)} [${linkText()}](/clients/${random.pick(clientIds)}.md)` : `- ${sentence(6, 12)}`,
    ).join('\n');

    const body = [
      paragraph(5, [`/clients/${noteClients[0]}.md`]),
      `## ${sentence(3, 6).slice(0, -1)}`,
      paragraph(8, [`/research/${others()}.md`]),
      list,
      paragraph(6),
      code,
      `## ${sentence(3, 6).slice(0, -1)}`,
      paragraph(8, [`/research/${others()}.md`]),
      `### ${sentence(2, 5).slice(0, -1)}`,
      paragraph(7),
      paragraph(7, [`/research/${others()}.md`, `/revisions/${random.pick(revisionIds)}.md`]),
    ].join('\n\n');
    bodyWords += countWords(body);
    await writeFile(path.join(dir, 'research', `${id}.md`), `${frontmatter}\n\n${body}\n`);
  }

  for (const client of clients) {
    const text = [
      '---',
      `name: ${client.name}`,
      `homepage: https://example.com/${client.id}`,
      `repository: https://github.com/example-org/${client.id}`,
      `clientInfoName: ${client.id}`,
      `sdk: ${random.pick(['mcp Python SDK', 'MCP TypeScript SDK', 'rmcp', 'its own implementation'])}`,
      '---',
      '',
      `${sentence()} ${sentence()} ${sentence()}`,
      '',
    ].join('\n');
    await writeFile(path.join(dir, 'clients', `${client.id}.md`), text);
  }
  for (const revision of REVISIONS) {
    const text = [
      '---',
      `released: "${revision.id}"`,
      `status: ${revision.status}`,
      `era: ${revision.era}`,
      '---',
      '',
      `${sentence()} ${sentence()}`,
      '',
    ];
    await writeFile(path.join(dir, 'revisions', `${revision.id}.md`), text.join('\n'));
  }
  for (const [id, title, description] of CAPABILITIES) {
    const text = ['---', `title: ${title}`, `description: ${description}`, '---', '', sentence(), ''];
    await writeFile(path.join(dir, 'capabilities', `${id}.md`), text.join('\n'));
  }
  return { dir, noteIds, clientIds, bodyWords };
};
