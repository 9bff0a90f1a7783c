/**
 * The server check: what the feature data says each client will do with what one server sends.
 * Every finding rests on one feature cell (or, for tool names, on how the client's captured versions
 * named tools for the model) and links the client's row of the feature's page. A cell nobody has
 * observed or read gives "not yet observed", never "fine", so the check is exactly as good as the
 * evidence. Kinds an author can tell apart: `lost` (the client drops it), `gated` (it runs only
 * after the user approves), `risk`, `fine`, `unknown`. A finding resting on a cell no capture
 * decides says how that cell is known (read in its code, documented by its maker, reported by a third
 * party), in its words and in `known`.
 */
import { featureUrl } from '../routes/urls.ts';
import { toolNameRules } from '../evidence/tool-name-rules.ts';
import { evidenceLabels } from '../cells/evidence-words.ts';
import type { CellState, EvidenceKind } from '../../schema/verdict.ts';
import { offeredWays, type ServerDescription, type ServerRequestUse, type ToolInfo } from './server-input.ts';
import { signInSaid } from './sign-in.ts';
import { MODEL_NAME_LIMIT, modelNameOf, pastLimitFate, type NameRun, type PastLimit } from '../evidence/tool-names.ts';

/** One client × feature cell, as `/data/features.json` publishes it (the fields the check reads). */
export interface CheckCell {
  feature: string;
  client: string;
  state: CellState;
  /** How the cell is known (`/data/features.json`'s `evidence`); absent where unknown. */
  evidence?: EvidenceKind;
  /** The newest version its runs captured (the last run's `to`), where it has runs. */
  version?: string;
}

/** A client as `/data/clients.json` publishes it (the fields the check reads). */
export interface CheckClient {
  client: string;
  name: string;
  core: boolean;
  /** How its captured versions named a server's tools for the model, oldest run first. */
  toolNames: readonly NameRun[];
}

/** What a finding means for the server: dropped, held for approval, a risk, fine, or not known. */
export type FindingKind = 'lost' | 'gated' | 'risk' | 'fine' | 'unknown';

/** The kinds, most serious first: the order findings are listed in. */
export const findingKinds = ['lost', 'gated', 'risk', 'fine', 'unknown'] as const satisfies readonly FindingKind[];

/** One finding: a client, the feature it rests on, what will happen, and where the evidence is. */
export interface Finding {
  client: string;
  feature: string;
  kind: FindingKind;
  finding: string;
  /** The feature's page, at the client's row: `/features/tools/result/image#codex`. */
  evidence: string;
  /** How the cell the finding rests on is known, where it has a verdict: `observed`, `read`, `documented` or `reported`. */
  known?: EvidenceKind;
  /** The newest version captured in that cell's runs, where it has runs. */
  version?: string;
}

/** One client's findings. */
export interface ClientReport {
  client: string;
  name: string;
  core: boolean;
  findings: Finding[];
}

/** The feature data the check reads: the clients, and every cell (unknown ones may be left out). */
export interface CheckData {
  clients: readonly CheckClient[];
  cells: readonly CheckCell[];
}

/** What the check is told besides the server's own data. */
export interface CheckOptions {
  /** The name users give the server in a client's settings, which clients build tool names from. */
  serverName: string;
}

/** The feature whose row a tool-name finding links. */
export const TOOL_NAMES_FEATURE = 'tools.name.constraints';

/** A feature's page, as FORMAT.md maps a dotted id to a path. */
export const featurePath = (feature: string): string => featureUrl(feature);

/** What a finding adds where its cell was not observed on the wire: ` (documented by its maker, not observed)`. */
const knownWords = (known: EvidenceKind | undefined): string =>
  known === undefined || known === 'observed' ? '' : ` (${evidenceLabels[known]}, not observed)`;

/** The name a check assumes users give a server: its serverInfo.name's last segment, in the characters clients keep. */
export const defaultServerName = (server: Pick<ServerDescription, 'name'>): string =>
  (server.name ?? 'server')
    .split('/')
    .filter((part) => part !== '')
    .at(-1)
    ?.replace(/[^A-Za-z0-9_-]+/g, '-') ?? 'server';

const names = (tools: readonly { name: string }[]) => tools.map((tool) => `\`${tool.name}\``).join(', ');

/** The verb for the tools named before it: `x` requires, `x`, `y` require. */
const verb = (tools: readonly unknown[], one: string, many: string) => (tools.length === 1 ? one : many);

const toolsWhere = (server: ServerDescription, test: (result: ServerDescription['results'][number]) => boolean) =>
  server.results.filter(test).map((result) => ({ name: result.tool }));

/** A finding's kind and words, before it is tied to a client. */
type Said = readonly [FindingKind, string];

/** One thing a server sends that a feature's state decides the fate of. */
interface Subject {
  /** In words, for "not yet observed": "instructions", "tools not marked read-only". */
  what: string;
  yes: Said;
  no: Said;
  /** For `partial`: by default a risk, "<yes>, with limits". */
  partial?: Said;
}

interface Rule {
  feature: string;
  subjects: (server: ServerDescription) => Subject[];
}

/** The server requests a server may make, in words. */
const requestWords: Record<ServerRequestUse, string> = {
  roots: '`roots/list` requests',
  sampling: '`sampling/createMessage` requests',
  'elicitation.form': '`elicitation/create` requests in form mode',
  'elicitation.url': '`elicitation/create` requests in URL mode',
};

const when = (test: boolean, subject: () => Subject): Subject[] => (test ? [subject()] : []);

/** One rule per feature a server's own data can touch; each says what the client's state means for it. */
const rules: readonly Rule[] = [
  {
    feature: 'lifecycle.instructions',
    subjects: (server) =>
      when(server.instructions !== undefined, () => ({
        what: 'instructions',
        yes: ['fine', 'your `instructions` reach the model'],
        no: ['lost', 'your `instructions` never reach the model: say what matters in tool descriptions too'],
      })),
  },
  {
    feature: 'tools.call',
    subjects: (server) =>
      when(server.tools.length > 0, () => ({
        what: 'tools',
        yes: ['fine', 'the model can call your tools and receives their results'],
        no: ['lost', 'the model cannot call your tools'],
      })),
  },
  {
    feature: 'tools.annotations',
    subjects: (server) => {
      const writes = server.tools.filter((tool) => !tool.readOnly);
      const reads = server.tools.filter((tool) => tool.readOnly);
      const ignored: Said = [
        'fine',
        'this client does not act on `readOnlyHint`: whether a tool runs without asking is its own setting',
      ];
      return [
        ...when(writes.length > 0, () => ({
          what: 'tool annotations',
          yes: [
            'gated',
            `not marked \`readOnlyHint: true\`, so this client runs them only after the user approves (a non-interactive run refuses them): ${names(writes)}`,
          ],
          no: ignored,
        })),
        ...when(reads.length > 0 && writes.length === 0, () => ({
          what: 'tool annotations',
          yes: ['fine', `marked read-only, which this client runs without asking: ${names(reads)}`],
          no: ignored,
        })),
      ];
    },
  },
  {
    feature: 'tools.outputSchema.toModel',
    subjects: (server) => {
      const typed = server.tools.filter((tool) => tool.hasOutputSchema);
      return when(typed.length > 0, () => ({
        what: 'output schemas',
        yes: ['fine', `the model sees the output schemas of ${names(typed)}`],
        no: [
          'risk',
          `the model does not see the output schemas of ${names(typed)}: say in their descriptions what a result holds`,
        ],
      }));
    },
  },
  {
    feature: 'tools.result.structuredContent',
    subjects: (server) => {
      const bare = toolsWhere(server, (result) => result.structured && !result.text);
      const typed = [
        ...server.tools.filter((tool) => tool.hasOutputSchema).map((tool) => ({ name: tool.name })),
        ...toolsWhere(server, (result) => result.structured && result.text),
      ].filter(
        (tool, index, all) =>
          all.findIndex((other) => other.name === tool.name) === index && !bare.some((b) => b.name === tool.name),
      );
      return [
        ...when(bare.length > 0, () => ({
          what: 'structured results',
          yes: ['fine', `the model receives the \`structuredContent\` of ${names(bare)}`],
          no: [
            'lost',
            `the sample results of ${names(bare)} carry \`structuredContent\` and no text: this client passes only text to the model, so the model receives nothing of them`,
          ],
        })),
        ...when(typed.length > 0, () => ({
          what: 'structured results',
          yes: ['fine', `the model receives the \`structuredContent\` of ${names(typed)}`],
          no: [
            'risk',
            `${names(typed)} ${verb(typed, 'returns', 'return')} \`structuredContent\` (an \`outputSchema\` says so): this client passes only the text content to the model, so the text must carry the same data`,
          ],
        })),
      ];
    },
  },
  {
    feature: 'tools.result.structuredContent.textFallback',
    subjects: (server) => {
      const typed = server.tools.filter((tool) => tool.hasOutputSchema);
      return when(typed.length > 0, () => ({
        what: 'text beside structured results',
        yes: ['fine', `the model receives the text content of ${names(typed)} too`],
        no: [
          'risk',
          `where a result of ${names(typed)} carries \`structuredContent\`, this client drops its text content: put nothing only in the text`,
        ],
      }));
    },
  },
  ...(
    [
      ['tools.result.content.image', 'image', 'images', 'images from %s reach the model', 'images from %s never reach the model'],
      [
        'tools.result.content.resource_link',
        'resourceLink',
        'resource links',
        '`resource_link` blocks from %s reach the model with their URI',
        '`resource_link` blocks from %s are dropped',
      ],
      [
        'tools.result.content.resource',
        'resource',
        'embedded resources',
        'embedded resources from %s reach the model',
        'embedded resources from %s are dropped',
      ],
    ] as const
  ).map(([feature, block, what, yes, no]): Rule => ({
    feature,
    subjects: (server) => {
      const tools = toolsWhere(server, (result) => result[block]);
      return when(tools.length > 0, () => ({
        what,
        yes: ['fine', yes.replace('%s', names(tools))],
        no: ['lost', no.replace('%s', names(tools))],
      }));
    },
  })),
  {
    feature: 'tools.result.isError',
    subjects: (server) => {
      const tools = toolsWhere(server, (result) => result.isError);
      return when(tools.length > 0, () => ({
        what: 'error results',
        yes: ['fine', `the model is told that results of ${names(tools)} with \`isError\` are errors`],
        no: ['risk', `the model is not told that results of ${names(tools)} with \`isError\` are errors: say so in the text`],
      }));
    },
  },
  {
    feature: 'extensions.tasks',
    subjects: (server) => {
      const required = server.tools.filter((tool) => tool.taskSupport === 'required');
      return when(required.length > 0, () => ({
        what: 'tools that require a task',
        yes: [
          'fine',
          `${names(required)} ${verb(required, 'requires', 'require')} a task (\`execution.taskSupport: "required"\`), and this client calls tools as tasks`,
        ],
        no: [
          'lost',
          `${names(required)} ${verb(required, 'requires', 'require')} a task (\`execution.taskSupport: "required"\`), and this client does not call tools as tasks: it cannot use ${verb(required, 'it', 'them')}`,
        ],
      }));
    },
  },
  {
    feature: 'utilities.pagination',
    subjects: (server) =>
      when(server.toolPages !== 'one', () => ({
        what: 'a tool list in pages',
        yes: ['fine', 'the client follows `nextCursor`: every page of your tools reaches it'],
        no: ['lost', 'the client reads only the first page of `tools/list`: the tools on later pages never reach it'],
      })),
  },
  {
    feature: 'tools.listChanged',
    subjects: (server) =>
      when(server.listChanged, () => ({
        what: '`notifications/tools/list_changed`',
        yes: ['fine', 'after `notifications/tools/list_changed` the client lists your tools again'],
        no: ['risk', 'tools you add or change after the client listed them do not reach the model until it reconnects'],
      })),
  },
  {
    feature: 'prompts.list',
    subjects: (server) =>
      when(server.prompts > 0, () => ({
        what: 'prompts',
        yes: ['fine', 'the client lists your prompts by itself'],
        no: [
          'risk',
          'in the run observed, the client never listed your prompts by itself: do not count on them reaching users or the model',
        ],
      })),
  },
  {
    feature: 'resources.list',
    subjects: (server) =>
      when(server.resources > 0, () => ({
        what: 'resources',
        yes: ['fine', 'the client lists your resources by itself'],
        no: ['risk', 'in the run observed, the client never listed your resources by itself'],
      })),
  },
  {
    feature: 'resources.modelRead',
    subjects: (server) =>
      when(server.resources > 0, () => ({
        what: 'resources',
        yes: ['fine', 'the model can read your resources through a tool the client offers'],
        no: ['risk', 'the model cannot read your resources itself'],
      })),
  },
  ...Object.entries(requestWords).map(([use, words]): Rule => ({
    feature: `server-requests.${use}`,
    subjects: (server) =>
      when(
        server.uses.some((used) => used === use),
        () => ({
          what: words,
          yes: ['fine', `the client answers your ${words}`],
          no: ['lost', `the client does not answer ${words}: send them only where the client declared the capability`],
        }),
      ),
  })),
  {
    feature: 'auth.oauth',
    subjects: (server) =>
      when(server.auth?.protectedResource === true, () => ({
        what: 'OAuth',
        yes: ['fine', 'the client runs the OAuth flow when your server answers 401'],
        no: ['lost', 'the client does not run OAuth: it cannot connect to a server that requires it'],
      })),
  },
  {
    feature: 'auth.protectedResourceMetadata',
    subjects: (server) =>
      server.auth?.metadataOnlyIn401 === true
        ? [
            {
              what: 'protected resource metadata named only in the 401',
              yes: [
                'fine',
                'the client reads the protected resource metadata your 401 names and goes on to the authorization server it lists',
              ],
              no: [
                'lost',
                'the client does not follow the protected resource metadata your 401 names (it looks only at well-known paths or elsewhere): it does not find your authorization server',
              ],
            },
          ]
        : when(server.auth?.protectedResource === true, () => ({
            what: 'protected resource metadata',
            yes: ['fine', 'the client finds your authorization server through your protected resource metadata (RFC 9728)'],
            no: [
              'lost',
              'the client does not read protected resource metadata (RFC 9728): it does not find your authorization server',
            ],
          })),
  },
  {
    feature: 'auth.asMetadata.oidc',
    subjects: (server) =>
      when(server.auth?.oidcOnly === true, () => ({
        what: 'OpenID Connect discovery only',
        yes: ['fine', 'the client reads your OpenID Connect discovery document where no OAuth metadata is published'],
        no: ['lost', 'the client does not read OpenID Connect discovery: it does not find your authorization endpoints'],
      })),
  },
  {
    feature: 'auth.scopeStepUp',
    subjects: (server) =>
      when(server.auth?.stepUp === true, () => ({
        what: 'scope step-up after 403 insufficient_scope',
        yes: ['fine', 'after your 403 `insufficient_scope` the client authorizes again for the scope it names and calls again'],
        no: [
          'lost',
          'after your 403 `insufficient_scope` the client does not authorize again: a call needing the wider scope fails until the user signs in again with it',
        ],
      })),
  },
  {
    feature: 'auth.pkce.s256',
    subjects: (server) =>
      when(server.auth?.authorizationServer?.pkceS256 === true, () => ({
        what: 'PKCE',
        yes: ['fine', 'the client uses PKCE with S256, which your authorization server offers'],
        no: ['lost', 'the client does not use PKCE with S256: your authorization server may refuse its code exchange'],
      })),
  },
  {
    feature: 'auth.scope',
    subjects: (server) =>
      when((server.auth?.scopes.length ?? 0) > 0, () => ({
        what: 'scopes',
        yes: ['fine', 'the client asks for the scopes your metadata names'],
        no: ['risk', 'the client does not ask for the scopes your metadata names'],
      })),
  },
];

/** Keywords about the schema document, not the arguments: whether the model gets them changes nothing a server relies on. */
const metaKeywords = new Set(['$schema', '$id', '$comment']);

/** The keyword findings: the input-schema keywords of the server's tools that the client's newest run dropped. */
const keywordFinding = (server: ServerDescription, run: NameRun | undefined, state: CellState): Said | undefined => {
  const used = new Map<string, ToolInfo[]>();
  for (const tool of server.tools)
    for (const keyword of tool.keywords) if (!metaKeywords.has(keyword)) used.set(keyword, [...(used.get(keyword) ?? []), tool]);
  if (used.size === 0) return undefined;
  const keywords = run?.keywords;
  if (keywords === undefined)
    return state === 'no'
      ? [
          'risk',
          'this client changes input schemas on the way to the model (the evidence says how): check arguments in your server',
        ]
      : state === 'yes'
        ? ['fine', 'your input schemas reach the model keyword for keyword']
        : undefined;
  const dropped = keywords.dropped.filter((keyword) => used.has(keyword));
  if (dropped.length > 0) {
    const tools = [...new Set(dropped.flatMap((keyword) => used.get(keyword) ?? []))];
    return [
      'risk',
      `the model does not receive ${dropped.map((keyword) => `\`${keyword}\``).join(', ')} in input schemas, which ${names(tools.slice(0, 8))}${tools.length > 8 ? ` and ${tools.length - 8} more` : ''} ${verb(tools, 'uses', 'use')}: check those constraints in your server`,
    ];
  }
  const kept = [...used.keys()].filter((keyword) => keywords.kept.includes(keyword)).sort();
  const untested = [...used.keys()].filter((keyword) => !keywords.kept.includes(keyword)).sort();
  const quoted = (list: readonly string[]) => list.map((keyword) => `\`${keyword}\``).join(', ');
  return kept.length === 0
    ? undefined
    : [
        'fine',
        `the model receives ${quoted(kept)} in your input schemas as sent${untested.length === 0 ? '' : `; ${quoted(untested)} ${verb(untested, 'was', 'were')} not in what the lab offered this client`}`,
      ];
};

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The tool-name findings for one client: the tools whose name, as this client forms it, its model API refuses. */
const nameFindings = (server: ServerDescription, client: CheckClient, serverName: string): Said[] => {
  if (server.tools.length === 0) return [];
  const run = client.toolNames.at(-1);
  if (run === undefined) {
    // The longest prefix a client was seen to add: only a name that could pass a limit under it is worth a word.
    const longest = Math.max(...server.tools.map((tool) => tool.name.length));
    return longest + serverName.length + 'mcp__'.length + '__'.length > 64
      ? [['unknown', 'how the client names tools for its model']]
      : [];
  }
  const versions = run.from === run.to ? run.from : `${run.from}–${run.to}`;
  const rule = toolNameRules[run.api];
  const form = `${run.namespace === undefined ? '' : `\`${run.namespace}\` › `}\`${run.name}\``;
  if (run.reach === 'bridge')
    return [
      [
        'fine',
        `in ${versions} the model reaches your tools by name through the client's own tool (as ${form}), so no limit on tool names applies`,
      ],
    ];
  const seen = server.tools.map((tool) => ({ tool, ...modelNameOf(run, serverName, tool.name) }));
  const tooLong = rule?.maxLength === undefined ? [] : seen.filter((item) => item.name.length > (rule.maxLength ?? Infinity));
  const badChars =
    rule?.characters === undefined
      ? []
      : seen.filter((item) => !(rule.characters as RegExp).test(item.name) && !tooLong.includes(item));
  const api = rule?.title ?? run.api;
  const named = `with the server named \`${serverName}\` in its settings`;
  // Where the lab offered this client long names, what they became decides; otherwise only the form is known.
  const long: Said[] =
    pastLongFindings(tooLong, run, versions, form, named, api, rule?.maxLength ?? MODEL_NAME_LIMIT) ??
    (tooLong.length === 0
      ? []
      : [
          [
            'risk',
            `${plural(tooLong.length, 'tool name passes', 'tool names pass')} the ${rule?.maxLength ?? ''} characters the ${api} accepts once ${versions} makes it ${form} ${named}: ${tooLong
              .map((item) => `\`${item.tool.name}\` → \`${item.name}\` (${item.name.length})`)
              .join(
                ', ',
              )}; no capture shows this client shortening a name (the longest it passed had ${run.longest}), so keep tool names to ${Math.max(0, (rule?.maxLength ?? 0) - modelNameOf(run, serverName, '').name.length)} characters or ask users for a shorter server name`,
          ],
        ]);
  if (long.length > 0 || badChars.length > 0)
    return [
      ...long,
      ...(badChars.length === 0
        ? []
        : [
            [
              'risk',
              `the ${api} accepts only ${rule?.charactersText ?? 'some characters'} in a tool name, and ${versions} passes these on as ${form} ${named}: ${badChars
                .map((item) => `\`${item.name}\``)
                .join(', ')}`,
            ] as Said,
          ]),
    ];
  const longest = [...seen].sort((a, b) => b.name.length - a.name.length)[0];
  return [
    [
      'fine',
      `${versions} names your tools ${form} ${named}${
        rule?.maxLength === undefined || longest === undefined
          ? ''
          : `: the longest, \`${longest.name}\`, has ${longest.name.length} of the ${rule.maxLength} characters the ${api} accepts`
      }`,
    ],
  ];
};

/** The lab's long-named tool that shows a fate, in words. */
const labTool = (item: PastLimit) =>
  `the lab's tool \`${item.tool}\` (${item.length} characters under this form) ${
    item.as === undefined ? 'was offered to the model under no name' : `reached the model as \`${item.as}\` (${item.as.length})`
  }`;

/**
 * The findings for a server's tools whose names pass the API's limit under a client's form, from
 * what the lab's own long-named tools became with that client (NameRun's `pastLimit`): dropped is a
 * loss; passed whole, a name the API's documentation says it refuses; cut short, names that may
 * become one; shortened otherwise, fine. Undefined where no capture of the run offered such a tool.
 */
const pastLongFindings = (
  tooLong: readonly { tool: { name: string }; name: string }[],
  run: NameRun,
  versions: string,
  form: string,
  named: string,
  api: string,
  limit: number,
): Said[] | undefined => {
  if (run.pastLimit === undefined || tooLong.length === 0) return undefined;
  const groups = Map.groupBy(tooLong, (item) => pastLimitFate(run.pastLimit, item.tool.name)?.fate ?? 'unknown');
  const said: Said[] = [];
  const list = (items: readonly { tool: { name: string }; name: string }[]) =>
    items.map((item) => `\`${item.tool.name}\` (${item.name.length} as \`${item.name}\`)`).join(', ');
  for (const [fate, items] of groups) {
    const shown = pastLimitFate(run.pastLimit, items[0]?.tool.name ?? '');
    if (shown === undefined || fate === 'unknown') continue;
    if (fate === 'dropped')
      said.push([
        'lost',
        `${versions} does not offer the model a tool whose name passes ${limit} characters as ${form} ${named}: ${labTool(shown.shown)}; ${plural(items.length, 'tool of yours', 'tools of yours')} would be lost the same way: ${list(items)}`,
      ]);
    else if (fate === 'intact')
      said.push([
        'risk',
        `${versions} passes a name past the ${limit} characters the ${api} accepts on whole as ${form} ${named}, which the API's documentation says it refuses: ${labTool(shown.shown)}; yours: ${list(items)}`,
      ]);
    else if (fate === 'truncated') {
      const cut = shown.cut ?? limit;
      const cuts = Map.groupBy(items, (item) => item.name.slice(0, cut));
      const clashing = [...cuts.values()].filter((group) => group.length > 1);
      said.push(
        clashing.length > 0
          ? [
              'risk',
              `${versions} cuts a name past ${limit} characters to ${cut} as ${form} ${named} (${labTool(shown.shown)}), and these of your tools then share one name: ${clashing.map((group) => group.map((item) => `\`${item.tool.name}\``).join(' and ')).join('; ')}; make them differ within their first ${Math.max(0, cut - (items[0]?.name.length ?? 0) + (items[0]?.tool.name.length ?? 0))} characters`,
            ]
          : [
              'fine',
              `${versions} cuts a name past ${limit} characters to ${cut} as ${form} ${named} (${labTool(shown.shown)}): ${items.map((item) => `\`${item.tool.name}\` → \`${item.name.slice(0, cut)}\``).join(', ')}`,
            ],
      );
    } else
      said.push([
        'fine',
        `${versions} shortens a name past ${limit} characters in its own way as ${form} ${named} (${labTool(shown.shown)}); ${plural(items.length, 'tool of yours is', 'tools of yours are')} past it: ${list(items)}`,
      ]);
  }
  return said.length === 0 ? undefined : said;
};

/** Clients with a loss first, then the core clients, then by name: what matters leads. */
const byWeight = (a: ClientReport, b: ClientReport): number => {
  const lost = (report: ClientReport) => report.findings.filter((finding) => finding.kind === 'lost').length;
  const known = (report: ClientReport) => report.findings.some((finding) => finding.kind !== 'unknown');
  return (
    Number(lost(b) > 0) - Number(lost(a) > 0) ||
    Number(b.core) - Number(a.core) ||
    Number(known(b)) - Number(known(a)) ||
    a.name.localeCompare(b.name)
  );
};

/** A client's findings in the order they are read: lost, gated, risk, fine, then what is not known. */
const byKind = (a: Finding, b: Finding) => findingKinds.indexOf(a.kind) - findingKinds.indexOf(b.kind);

/** The findings for one server, per client: clients with a loss first, core clients before others. */
export const checkServer = (server: ServerDescription, data: CheckData, options?: Partial<CheckOptions>): ClientReport[] => {
  const cells = new Map(data.cells.map((cell) => [`${cell.client}\u0000${cell.feature}`, cell]));
  // A feature the data has no cell of has no page: a finding about it would link nowhere.
  const published = new Set(data.cells.map((cell) => cell.feature));
  const serverName = options?.serverName ?? defaultServerName(server);
  const reports = data.clients.map((client): ClientReport => {
    const finding = (feature: string, [kind, text]: Said, known?: EvidenceKind, version?: string): Finding => ({
      client: client.client,
      feature,
      kind,
      finding: `${text}${knownWords(known)}`,
      evidence: `${featurePath(feature)}#${client.client}`,
      ...(known === undefined ? {} : { known }),
      ...(version === undefined ? {} : { version }),
    });
    const versionOf = (feature: string): string | undefined =>
      knownOf(feature) === undefined ? undefined : cells.get(`${client.client}\u0000${feature}`)?.version;
    /** How a known cell is known, for the findings that rest on it. */
    const knownOf = (feature: string): EvidenceKind | undefined => {
      const cell = cells.get(`${client.client}\u0000${feature}`);
      return cell === undefined || cell.state === 'unknown' ? undefined : cell.evidence;
    };
    const unknown = (feature: string, what: string) => finding(feature, ['unknown', `not yet observed: ${what}`]);
    const stateOf = (feature: string): CellState => cells.get(`${client.client}\u0000${feature}`)?.state ?? 'unknown';
    const findings = rules
      .filter((rule) => published.has(rule.feature))
      .flatMap((rule) => {
        const state = stateOf(rule.feature);
        const subjects = rule.subjects(server);
        if (subjects.length === 0) return [];
        if (state === 'unknown') return [unknown(rule.feature, subjects[0]?.what ?? rule.feature)];
        const said = subjects.map((subject): Said =>
          state === 'yes'
            ? subject.yes
            : state === 'no'
              ? subject.no
              : (subject.partial ?? ['risk', `${subject.yes[1]}, with limits the evidence names`]),
        );
        // Two subjects that say the same (a client that ignores annotations) say it once.
        return said
          .filter((item, index) => said.findIndex((other) => other[1] === item[1]) === index)
          .map((item) => finding(rule.feature, item, knownOf(rule.feature), versionOf(rule.feature)));
      });
    const offered = offeredWays(server.auth);
    const signIn =
      offered === undefined
        ? undefined
        : signInSaid(offered, (feature) => {
            const cell = cells.get(`${client.client}\u0000${feature}`);
            const evidence = knownOf(feature);
            const version = versionOf(feature);
            return {
              state: cell?.state ?? 'unknown',
              ...(evidence === undefined ? {} : { known: evidence }),
              ...(version === undefined ? {} : { version }),
            };
          });
    // The words of a sign-in finding name each cell's evidence kind themselves.
    const signInFindings =
      signIn === undefined || !published.has(signIn.feature)
        ? []
        : [
            {
              ...finding(signIn.feature, [signIn.kind, signIn.finding], undefined, signIn.cell?.version),
              ...(signIn.cell?.known === undefined ? {} : { known: signIn.cell.known }),
            },
          ];
    const schemaFeature = 'tools.inputSchema.unchanged';
    const schema = published.has(schemaFeature)
      ? keywordFinding(server, client.toolNames.at(-1), stateOf(schemaFeature))
      : undefined;
    const schemaFindings =
      schema === undefined
        ? server.tools.some((tool) => tool.keywords.length > 0) &&
          stateOf(schemaFeature) === 'unknown' &&
          client.toolNames.length === 0 &&
          published.has(schemaFeature)
          ? [unknown(schemaFeature, 'input schemas')]
          : []
        : // Keywords a captured run shows rest on the capture; otherwise on the cell, as it is known.
          [finding(schemaFeature, schema, client.toolNames.at(-1)?.keywords === undefined ? knownOf(schemaFeature) : undefined)];
    const names = nameFindings(server, client, serverName).map((said) =>
      said[0] === 'unknown' ? unknown(TOOL_NAMES_FEATURE, said[1]) : finding(TOOL_NAMES_FEATURE, said),
    );
    return {
      client: client.client,
      name: client.name,
      core: client.core,
      findings: [...findings, ...signInFindings, ...schemaFindings, ...names].sort(byKind),
    };
  });
  return reports.sort(byWeight);
};

/** Whether any finding is `lost`: something a client drops or refuses (the command's exit 1). */
export const hasLoss = (reports: readonly { findings: readonly Finding[] }[]): boolean =>
  reports.some((report) => report.findings.some((finding) => finding.kind === 'lost'));
