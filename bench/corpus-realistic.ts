/**
 * The notes of the realistic corpus: shaped like the project's own research notes, not like even
 * prose. Real notes quote identifiers, versions, commit hashes, issue numbers, URL paths and
 * JSON-RPC messages, most of which occur in one note or a few; they vary in length (a few are very
 * long), in sources, links and related notes. What the search index holds follows from that: many
 * more distinct words, most of them rare, and common words that prefix many others (`handshake`,
 * `handshakeTimeout`, `handshake_rejected`). Drawn from the same seeded PRNG as the rest.
 */
import { zipf, type Random } from './prng.ts';
import { HEAD_WORDS, SYLLABLES } from './corpus-words.ts';

/** What a note may refer to: the other entries of the corpus. */
export interface NoteContext {
  noteIds: readonly string[];
  clients: readonly { id: string; name: string }[];
  capabilityIds: readonly string[];
  revisionIds: readonly string[];
  /** A source's date, in the past of the bench's build date. */
  sourceDate: () => string;
}

/** One note's frontmatter fields beyond id, and its body. */
export interface RealisticNote {
  title: string;
  summary: string;
  sources: string[];
  related: string[];
  corrects: string[];
  body: string;
}

const METHODS = [
  'initialize',
  'notifications/initialized',
  'server/discover',
  'tools/list',
  'tools/call',
  'resources/list',
  'resources/read',
  'resources/subscribe',
  'prompts/list',
  'prompts/get',
  'sampling/createMessage',
  'elicitation/create',
  'roots/list',
  'logging/setLevel',
  'completion/complete',
  'notifications/progress',
  'notifications/cancelled',
  'notifications/tools/list_changed',
  'ping',
];
const ERROR_CODES = [-32700, -32600, -32601, -32602, -32603, -32000, -32001, -32002, -32022, -32042];
const EXTENSIONS = ['ts', 'py', 'rs', 'go', 'java', 'kt', 'js', 'cs', 'swift', 'rb'];
const ORGS = ['example-org', 'acme-labs', 'opentools', 'devkit', 'protocol-wg', 'agentsmith', 'northwind', 'contoso'];

/** A lognormal draw (Box–Muller), for lengths: most near the median, a few far above it. */
const lognormal = (random: Random, median: number, sigma: number) => {
  const u = 1 - random.next();
  const v = random.next();
  return median * Math.exp(sigma * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v));
};

/** A geometric count in [min, max], about `mean` above min on average. */
export const count = (random: Random, min: number, max: number, mean: number) => {
  let n = min;
  const p = 1 / (1 + mean);
  while (n < max && !random.chance(p)) n += 1;
  return n;
};

const hex = (random: Random, length: number) => {
  let out = '';
  for (let i = 0; i < length; i++) out += '0123456789abcdef'[random.int(0, 15)];
  return out;
};

const capital = (word: string) => `${word[0]?.toUpperCase() ?? ''}${word.slice(1)}`;

/**
 * The generator of realistic notes for one corpus: a prose vocabulary ten times the uniform one's
 * (drawn by Zipf, so its tail is rare), a pool of code identifiers built from the same words, and
 * per-note tokens (hashes, numbers, versions) that no other note shares.
 */
export const realisticNotes = (random: Random, context: NoteContext) => {
  // Prose: the head words, then made-up words to 25,000; at 5,000 notes much of the tail occurs in
  // one note or a few, as in real text (Heaps' law), where the uniform corpus's 12,000 words all
  // recur hundreds of times.
  const prose = new Set<string>(HEAD_WORDS);
  while (prose.size < 25_000) {
    let word = '';
    for (let i = random.int(2, 4); i > 0; i--) word += random.pick(SYLLABLES);
    prose.add(word);
  }
  const proseWords = [...prose];
  const proseRank = zipf(random, proseWords.length, 1.0);
  const word = () => proseWords[proseRank()] as string;
  // Identifiers are made of the domain's words, so common words prefix many rare ones in the index.
  const headRank = zipf(random, 120);
  const part = () => (random.chance(0.6) ? (HEAD_WORDS[headRank()] as string) : word());
  const identifierPool = Array.from({ length: 10_000 }, () => {
    const parts = Array.from({ length: random.int(2, 4) }, part);
    const style = random.int(0, 5);
    if (style === 0) return parts.map((p, i) => (i === 0 ? p : capital(p))).join('');
    if (style === 1) return `_${parts.join('_')}`;
    if (style === 2) return parts.join('_');
    if (style === 3) return parts.map(capital).join('');
    if (style === 4) return parts.join('-');
    return `${parts.slice(0, -1).join('.')}.${parts.at(-1)}`;
  });
  const identifierRank = zipf(random, identifierPool.length, 0.9);
  const identifier = () => identifierPool[identifierRank()] as string;
  // A repository has so many files: paths recur across the notes on one client.
  const paths = Array.from(
    { length: 3_000 },
    () =>
      `${random.pick(['src', 'lib', 'packages', 'tools', 'crates', 'internal'])}/${part()}/${identifier()
        .replace(/^[._-]+/, '')
        .replace(/\./g, '_')}.${random.pick(EXTENSIONS)}`,
  );
  const pathRank = zipf(random, paths.length, 0.8);
  const filePath = () => paths[pathRank()] as string;
  // Versions and issue numbers recur: notes on one client cite its releases and its tracker.
  const makeVersion = () =>
    random.chance(0.15)
      ? `${random.int(0, 3)}.${random.int(0, 40)}.${random.int(0, 400)}-${random.pick(['beta', 'rc', 'alpha', 'next'])}.${random.int(0, 9)}`
      : `${random.chance(0.3) ? 'v' : ''}${random.int(0, 3)}.${random.int(0, 40)}.${random.int(0, 400)}`;
  const versions = Array.from({ length: 2_000 }, makeVersion);
  const versionRank = zipf(random, versions.length, 0.9);
  const version = () => versions[versionRank()] as string;
  const issues = Array.from({ length: 10_000 }, () => random.int(10, 120_000));
  const issueRank = zipf(random, issues.length, 0.8);
  const issue = () => issues[issueRank()] as number;

  const client = () => random.pick(context.clients);
  const otherNote = (self: number) => {
    let other = random.int(0, context.noteIds.length - 1);
    if (other === self) other = (other + 1) % context.noteIds.length;
    return context.noteIds[other] as string;
  };

  // A note's topic: words it repeats, as a note on the handshake says "handshake" eight times
  // where the uniform corpus spreads every word evenly over all notes.
  let topic: string[] = [];
  /** A token of a sentence: mostly prose, then code, numbers and versions in real notes' share. */
  const token = (): string => {
    const roll = random.next();
    if (roll < 0.1) return random.pick(topic);
    if (roll < 0.86) return word();
    if (roll < 0.92) return `\`${identifier()}\``;
    if (roll < 0.94) return `\`${random.pick(METHODS)}\``;
    if (roll < 0.942) return `\`${hex(random, random.pick([7, 8, 8, 12]))}\``;
    if (roll < 0.95) return `#${issue()}`;
    if (roll < 0.957) return version();
    if (roll < 0.967) return `\`${random.pick(ERROR_CODES)}\``;
    if (roll < 0.977) return random.pick(context.revisionIds);
    if (roll < 0.982) return `\`${filePath()}\``;
    if (roll < 0.987) return String(random.int(2, 5000));
    return client().name;
  };
  const sentence = (min = 8, max = 26) => {
    const n = random.int(min, max);
    const parts = Array.from({ length: n }, token);
    if (n > 12 && random.chance(0.4)) parts[random.int(3, n - 4)] += ',';
    if (random.chance(0.015)) {
      const at = random.int(0, n - 1);
      parts[at] = `**${parts[at]}**`;
    }
    const first = parts[0] ?? 'the';
    parts[0] = /^[a-z]/.test(first) ? capital(first) : first;
    return `${parts.join(' ')}.`;
  };
  const plain = (text: string) => text.replace(/[`*]/g, '').replace(/"/g, "'");
  const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

  const externalUrl = () => {
    const repo = `https://github.com/${random.pick(ORGS)}/${client().id}`;
    const roll = random.int(0, 4);
    if (roll === 0) return `${repo}/issues/${issue()}`;
    if (roll === 1) return `${repo}/pull/${issue()}`;
    if (roll === 2) return `${repo}/blob/${hex(random, 40)}/${filePath()}#L${random.int(1, 400)}-L${random.int(401, 900)}`;
    if (roll === 3) return `${repo}/releases/tag/${version()}`;
    return `https://docs.example.com/${client().id}/${part()}/${part()}`;
  };

  /** A JSON-RPC message as notes quote them: requests with capabilities, results, errors, notifications. */
  const jsonRpc = (clientId: string): string => {
    const id = random.chance(0.3) ? `"${part()}-${random.int(1, 99)}"` : String(random.int(1, 400));
    const revision = random.pick(context.revisionIds);
    const kind = random.int(0, 4);
    const key = () => JSON.stringify(random.chance(0.5) ? identifier().replace(/^[._-]+/, '') : part());
    if (kind === 0) {
      const caps = random.sample(['roots', 'sampling', 'elicitation', 'experimental', 'tasks', 'extensions'], random.int(0, 4));
      return JSON.stringify(
        {
          jsonrpc: '2.0',
          id: JSON.parse(id) as unknown,
          method: 'initialize',
          params: {
            protocolVersion: revision,
            capabilities: Object.fromEntries(
              caps.map((cap) => [cap, random.chance(0.5) ? { listChanged: random.chance(0.5) } : {}]),
            ),
            clientInfo: { name: clientId, version: version().replace(/^v/, '') },
          },
        },
        null,
        2,
      );
    }
    if (kind === 1) {
      const tools = Array.from({ length: random.int(1, 4) }, () => ({
        name: identifier().replace(/^[._-]+/, ''),
        description: plain(sentence(5, 14)),
        inputSchema: {
          type: 'object',
          properties: Object.fromEntries(
            Array.from({ length: random.int(1, 3) }, () => [
              JSON.parse(key()) as string,
              { type: random.pick(['string', 'number', 'boolean']) },
            ]),
          ),
        },
      }));
      return JSON.stringify(
        {
          jsonrpc: '2.0',
          id: JSON.parse(id) as unknown,
          result: { tools, nextCursor: random.chance(0.3) ? hex(random, 16) : undefined },
        },
        null,
        2,
      );
    }
    if (kind === 2) {
      return JSON.stringify(
        {
          jsonrpc: '2.0',
          id: JSON.parse(id) as unknown,
          error: {
            code: random.pick(ERROR_CODES),
            message: plain(sentence(3, 9)).slice(0, -1),
            data: { supported: random.sample(context.revisionIds, random.int(1, 3)), requested: revision },
          },
        },
        null,
        2,
      );
    }
    if (kind === 3) {
      return JSON.stringify(
        {
          jsonrpc: '2.0',
          method: random.pick(METHODS),
          params: { [JSON.parse(key()) as string]: word(), _meta: { progressToken: hex(random, 12) } },
        },
        null,
        2,
      );
    }
    // A line of a capture file, as the captures in content/captures hold them.
    const raw = JSON.stringify({
      jsonrpc: '2.0',
      id: JSON.parse(id) as unknown,
      method: random.pick(METHODS),
      params: { protocolVersion: revision },
    });
    return JSON.stringify({
      seq: random.int(1, 40),
      t: random.int(1, 9000),
      from: random.pick(['client', 'probe']),
      kind: 'message',
      raw,
    });
  };

  const codeBlock = () => {
    const language = random.pick(['ts', 'py', 'rust', 'sh']);
    const lines = Array.from({ length: random.int(3, 14) }, () => {
      const name = identifier().replace(/[.-]/g, '_');
      const roll = random.int(0, 3);
      if (roll === 0) return `const ${name} = ${identifier().replace(/[.-]/g, '_')}(${JSON.stringify(random.pick(METHODS))});`;
      if (roll === 1)
        return `if (${name}.${part()} === ${random.pick(ERROR_CODES)}) return ${JSON.stringify(random.pick(context.revisionIds))};`;
      if (roll === 2) return `// ${plain(sentence(4, 10))}`;
      return `${name}(${part()}, ${random.int(0, 3000)});`;
    });
    return [`\`\`\`${language}`, ...lines, '```'].join('\n');
  };

  /** One note, the `index`th of the corpus; its first client is `clientId`. */
  return (index: number, clientId: string): RealisticNote => {
    const self = index;
    topic = [
      ...Array.from({ length: 4 }, () => HEAD_WORDS[headRank()] as string),
      ...Array.from({ length: 2 }, word),
      ...Array.from({ length: 2 }, () => `\`${identifier()}\``),
    ];
    const links = () => {
      const roll = random.int(0, 9);
      if (roll < 4) return `/research/${otherNote(self)}.md`;
      if (roll < 6) return `/clients/${client().id}.md`;
      if (roll < 7) return `/revisions/${random.pick(context.revisionIds)}.md`;
      return externalUrl();
    };
    const linkCount = count(random, 0, 24, 5);
    // Lengths: lognormal with a median of 560 words (a mean of about 750), the longest notes
    // several thousand words; a few are much longer (a survey across every client).
    const target = Math.min(6000, Math.max(120, Math.round(lognormal(random, 560, 0.6) * (random.chance(0.01) ? 3 : 1))));

    const blocks: string[] = [];
    let written = 0;
    while (written < target) {
      const roll = random.next();
      let block: string;
      if (blocks.length > 0 && roll < 0.1) block = `${random.chance(0.7) ? '##' : '###'} ${sentence(2, 7).slice(0, -1)}`;
      else if (roll < 0.2) block = Array.from({ length: random.int(2, 7) }, () => `- ${sentence(4, 16)}`).join('\n');
      else if (roll < 0.26) block = ['```json', jsonRpc(clientId), '```'].join('\n');
      else if (roll < 0.3) block = codeBlock();
      else if (roll < 0.33) block = `> ${sentence()} ${sentence()}`;
      else block = Array.from({ length: random.int(2, 8) }, () => sentence()).join(' ');
      blocks.push(block);
      written += words(block);
    }
    // Links go into paragraphs and list items, where an author writes them.
    const prosy = blocks.map((block, at) => (/^(#|```|>)/.test(block) ? -1 : at)).filter((at) => at >= 0);
    for (let i = 0; i < linkCount && prosy.length > 0; i++) {
      const at = random.pick(prosy);
      const text = Array.from({ length: random.int(2, 6) }, () => (random.chance(0.8) ? word() : identifier())).join(' ');
      blocks[at] = `${blocks[at]} See [${text}](${links()}).`;
    }

    const sources = Array.from({ length: count(random, 1, 12, 3) }, () => {
      const url = externalUrl();
      const lines = [
        `  - url: ${url}`,
        `    title: "${plain(`${random.pick(['PR', 'Issue', 'Release', ''])} ${sentence(3, 12)}`)
          .trim()
          .slice(0, -1)}"`,
      ];
      if (random.chance(0.6)) lines.push(`    commit: "${hex(random, random.pick([7, 8, 12, 40, 40]))}"`);
      if (random.chance(0.6)) lines.push(`    path: ${filePath()}`);
      lines.push(`    date: ${context.sourceDate()}`);
      return lines.join('\n');
    });
    const related = [...new Set(Array.from({ length: count(random, 0, 12, 3) }, () => otherNote(self)))];
    const corrects = random.chance(0.02) ? [otherNote(self)] : [];
    const name = context.clients.find((entry) => entry.id === clientId)?.name ?? clientId;
    const titleTokens = Array.from({ length: random.int(3, 16) }, () =>
      random.chance(0.75)
        ? word()
        : random.pick([identifier(), version(), random.pick(context.revisionIds), random.pick(METHODS)]),
    );
    return {
      title: plain(`${name} ${titleTokens.join(' ')}`),
      summary: plain(Array.from({ length: random.int(1, 3) }, () => sentence(8, 24)).join(' ')),
      sources,
      related,
      corrects,
      body: blocks.join('\n\n'),
    };
  };
};
