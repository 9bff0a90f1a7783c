/**
 * The server check: what the feature data says each client will do with what one server sends.
 * Every finding rests on one feature cell and links its page; a cell nobody has observed or read
 * gives "not yet observed", never "fine", so the check is exactly as good as the evidence.
 */
import { featureUrl } from '../routes/urls.ts';
import type { CellState } from '../../schema/verdict.ts';
import type { ServerDescription, ServerRequestUse, ToolInfo } from './server-input.ts';

/** One client × feature cell, as `/data/features.json` publishes it (the fields the check reads). */
export interface CheckCell {
  feature: string;
  client: string;
  state: CellState;
  caveat?: string;
  /** How the client names a server's tool for the model, where a verdict records it: `mcp__{server}__{tool}`, and the longest name it passes on. */
  rename?: { form: string; maxLength?: number };
}

/** What a finding means for the server: something lost or refused, a risk, fine, or not known. */
export type FindingKind = 'loss' | 'risk' | 'fine' | 'unknown';

/** One finding: a client, the feature it rests on, what will happen, and where the evidence is. */
export interface Finding {
  client: string;
  feature: string;
  kind: FindingKind;
  finding: string;
  /** The feature's page, at the client's row: `/features/tools/result/image#codex`. */
  evidence: string;
}

/** The feature data the check reads: the clients, and every cell (unknown ones may be left out). */
export interface CheckData {
  clients: readonly { client: string; name: string }[];
  cells: readonly CheckCell[];
}

/** A feature's page, as FORMAT.md maps a dotted id to a path. */
export const featurePath = (feature: string): string => featureUrl(feature);

/** Names longer than this are worth a look where a client's prefix and limit are not known. */
const LONG_NAME = 40;

interface Subject {
  /** What the server sends, in words: "your instructions", "tool `x`". */
  what: string;
  /** The finding for each state, or for a state left out, the default below. */
  yes?: string;
  partial?: string;
  no: string;
  /** What `no` means for the server: a loss by default. */
  noKind?: FindingKind;
  /** What `yes` means: fine by default. */
  yesKind?: FindingKind;
}

interface Rule {
  feature: string;
  subjects: (server: ServerDescription) => Subject[];
}

const names = (tools: readonly { name: string }[]) => tools.map((tool) => `\`${tool.name}\``).join(', ');

const toolsWhere = (server: ServerDescription, test: (result: ServerDescription['results'][number]) => boolean) =>
  server.results.filter(test).map((result) => ({ name: result.tool }));

/** The server requests a server may make, in words. */
const requestWords: Record<ServerRequestUse, string> = {
  roots: '`roots/list` requests',
  sampling: '`sampling/createMessage` requests',
  'elicitation.form': '`elicitation/create` requests in form mode',
  'elicitation.url': '`elicitation/create` requests in URL mode',
};

/** One rule per feature a server's own data can touch; each says what the client's state means for it. */
const rules: readonly Rule[] = [
  {
    feature: 'lifecycle.instructions',
    subjects: (server) =>
      server.instructions === undefined
        ? []
        : [
            {
              what: 'instructions',
              yes: 'your `instructions` reach the model',
              no: 'your `instructions` never reach the model: say what matters in tool descriptions too',
            },
          ],
  },
  {
    feature: 'tools.call',
    subjects: (server) =>
      server.tools.length === 0
        ? []
        : [{ what: 'tools', yes: 'the model can call your tools', no: 'the model cannot call your tools' }],
  },
  {
    feature: 'tools.title.toModel',
    subjects: (server) => {
      const titled = server.tools.filter((tool) => tool.title !== undefined);
      return titled.length === 0
        ? []
        : [
            {
              what: 'titles',
              yes: `the model sees the titles of ${names(titled)}`,
              no: `the model sees only the names of ${names(titled)}, not their titles`,
              noKind: 'risk',
            },
          ];
    },
  },
  {
    feature: 'tools.outputSchema.toModel',
    subjects: (server) => {
      const typed = server.tools.filter((tool) => tool.hasOutputSchema);
      return typed.length === 0
        ? []
        : [
            {
              what: 'output schemas',
              yes: `the model sees the output schemas of ${names(typed)}`,
              no: `the model does not see the output schemas of ${names(typed)}`,
              noKind: 'risk',
            },
          ];
    },
  },
  {
    feature: 'tools.result.structuredContent',
    subjects: (server) => {
      const bare = toolsWhere(server, (result) => result.structured && !result.text);
      const both = toolsWhere(server, (result) => result.structured && result.text);
      return [
        ...(bare.length === 0
          ? []
          : [
              {
                what: 'structured results without text',
                yes: `the model receives the \`structuredContent\` of ${names(bare)}`,
                no: `\`structuredContent\` with no text from ${names(bare)}: this client passes only text, so the model receives nothing of those results`,
              },
            ]),
        ...(both.length === 0
          ? []
          : [
              {
                what: 'structured results with text',
                yes: `the model receives the \`structuredContent\` of ${names(both)}`,
                no: `the model receives only the text of ${names(both)}, not their \`structuredContent\``,
                noKind: 'risk' as const,
              },
            ]),
      ];
    },
  },
  {
    feature: 'tools.result.structuredContent.textFallback',
    subjects: (server) => {
      const both = toolsWhere(server, (result) => result.structured && result.text);
      return both.length === 0
        ? []
        : [
            {
              what: 'text beside structured results',
              yes: `the model receives the text of ${names(both)} too`,
              no: `the text of ${names(both)} is dropped where \`structuredContent\` is present`,
              noKind: 'risk',
            },
          ];
    },
  },
  {
    feature: 'tools.result.content.image',
    subjects: (server) => {
      const tools = toolsWhere(server, (result) => result.image);
      return tools.length === 0
        ? []
        : [
            {
              what: 'images',
              yes: `images from ${names(tools)} reach the model`,
              no: `images from ${names(tools)} never reach the model`,
            },
          ];
    },
  },
  {
    feature: 'tools.result.content.resource_link',
    subjects: (server) => {
      const tools = toolsWhere(server, (result) => result.resourceLink);
      return tools.length === 0
        ? []
        : [
            {
              what: 'resource links',
              yes: `\`resource_link\` blocks from ${names(tools)} reach the model with their URI`,
              no: `\`resource_link\` blocks from ${names(tools)} are dropped`,
            },
          ];
    },
  },
  {
    feature: 'tools.result.content.resource',
    subjects: (server) => {
      const tools = toolsWhere(server, (result) => result.resource);
      return tools.length === 0
        ? []
        : [
            {
              what: 'embedded resources',
              yes: `embedded resources from ${names(tools)} reach the model`,
              no: `embedded resources from ${names(tools)} are dropped`,
            },
          ];
    },
  },
  {
    feature: 'tools.result.isError',
    subjects: (server) => {
      const tools = toolsWhere(server, (result) => result.isError);
      return tools.length === 0
        ? []
        : [
            {
              what: 'error results',
              yes: `the model is told that results of ${names(tools)} with \`isError\` are errors`,
              no: `the model is not told that results of ${names(tools)} with \`isError\` are errors`,
              noKind: 'risk',
            },
          ];
    },
  },
  {
    feature: 'tools.annotations',
    subjects: (server) => {
      const gated = server.tools.filter((tool) => !tool.readOnly);
      const free = server.tools.filter((tool) => tool.readOnly);
      return [
        ...(gated.length === 0
          ? []
          : [
              {
                what: 'tools not marked read-only',
                yes: `not marked \`readOnlyHint: true\`: ${names(gated)}; this client runs such tools only after approval (a non-interactive session refuses them)`,
                yesKind: 'loss' as const,
                no: `this client does not act on annotations: whether ${names(gated)} need approval is its own setting`,
                noKind: 'fine' as const,
              },
            ]),
        ...(free.length === 0
          ? []
          : [
              {
                what: 'read-only tools',
                yes: `marked read-only, which this client acts on: ${names(free)}`,
                no: `this client does not act on \`readOnlyHint\`: ${names(free)} get no easier approval`,
                noKind: 'risk' as const,
              },
            ]),
      ];
    },
  },
  {
    feature: 'tools.listChanged',
    subjects: (server) =>
      server.listChanged
        ? [
            {
              what: 'tools/list_changed',
              yes: 'after `notifications/tools/list_changed` the client lists your tools again',
              no: 'tools you add later do not reach the model until the client restarts',
            },
          ]
        : [],
  },
  {
    feature: 'prompts.list',
    subjects: (server) =>
      server.prompts === 0
        ? []
        : [{ what: 'prompts', yes: 'the client lists your prompts', no: 'the client never lists your prompts' }],
  },
  {
    feature: 'resources.list',
    subjects: (server) =>
      server.resources === 0
        ? []
        : [{ what: 'resources', yes: 'the client lists your resources', no: 'the client never lists your resources' }],
  },
  {
    feature: 'resources.modelRead',
    subjects: (server) =>
      server.resources === 0
        ? []
        : [
            {
              what: 'resources',
              yes: 'the model can read your resources',
              no: 'the model cannot read your resources itself',
              noKind: 'risk',
            },
          ],
  },
  ...Object.entries(requestWords).map(([use, words]): Rule => ({
    feature: `server-requests.${use}`,
    subjects: (server) =>
      server.uses.some((used) => used === use)
        ? [
            {
              what: words,
              yes: `the client answers your ${words}`,
              no: `the client does not answer ${words}: it never declared the capability, so do not send them`,
            },
          ]
        : [],
  })),
];

/** How a client's `rename` turns a server's tool name into the one the model sees. */
export const renamed = (form: string, server: string, tool: string): string =>
  form.replaceAll('{server}', server).replaceAll('{tool}', tool);

const nameFindings = (server: ServerDescription, cell: CheckCell | undefined, client: string, serverName: string): Finding[] => {
  const feature = 'tools.name.constraints';
  const evidence = `${featurePath(feature)}#${client}`;
  const rename = cell?.rename;
  if (rename?.maxLength === undefined) {
    const long = server.tools.filter((tool) => tool.name.length > LONG_NAME);
    return long.length === 0
      ? []
      : [
          {
            client,
            feature,
            kind: 'unknown',
            evidence,
            finding: `not yet observed for this client: how it prefixes and limits tool names (over ${LONG_NAME} characters: ${names(long)})`,
          },
        ];
  }
  const { form, maxLength } = rename;
  return server.tools.flatMap((tool: ToolInfo): Finding[] => {
    const seen = renamed(form, serverName, tool.name);
    return seen.length > maxLength
      ? [
          {
            client,
            feature,
            kind: 'loss',
            evidence,
            finding: `\`${tool.name}\` becomes \`${seen}\` (${seen.length} characters), over this client's limit of ${maxLength}`,
          },
        ]
      : [];
  });
};

/** The findings for one server, per client, in the data's client order. */
export const checkServer = (
  server: ServerDescription,
  data: CheckData,
): { client: string; name: string; findings: Finding[] }[] => {
  const cells = new Map(data.cells.map((cell) => [`${cell.client}\u0000${cell.feature}`, cell]));
  const serverName = server.name ?? 'server';
  return data.clients.map(({ client, name }) => {
    const findings = rules.flatMap((rule) => {
      const cell = cells.get(`${client}\u0000${rule.feature}`);
      const state = cell?.state ?? 'unknown';
      const evidence = `${featurePath(rule.feature)}#${client}`;
      return rule.subjects(server).map((subject): Finding => {
        const base = { client, feature: rule.feature, evidence };
        const caveat = cell?.caveat === undefined ? '' : ` (${cell.caveat.replace(/\.$/, '')})`;
        if (state === 'unknown') return { ...base, kind: 'unknown', finding: `not yet observed for ${name}: ${subject.what}` };
        if (state === 'yes')
          return { ...base, kind: subject.yesKind ?? 'fine', finding: `${subject.yes ?? subject.what}${caveat}` };
        if (state === 'partial')
          return { ...base, kind: 'risk', finding: `${subject.partial ?? subject.yes ?? subject.what}, with limits${caveat}` };
        return { ...base, kind: subject.noKind ?? 'loss', finding: `${subject.no}${caveat}` };
      });
    });
    return {
      client,
      name,
      findings: [...findings, ...nameFindings(server, cells.get(`${client}\u0000tools.name.constraints`), client, serverName)],
    };
  });
};

/** Whether any finding is a loss: something a client drops or refuses (the command's exit 1). */
export const hasLoss = (reports: readonly { findings: readonly Finding[] }[]): boolean =>
  reports.some((report) => report.findings.some((finding) => finding.kind === 'loss'));
