/**
 * How clients name an MCP server's tools for their model, and the tools of their own that stand
 * between the model and the server's, read from the lab's captures, never written by hand. The
 * stand-in model's turn script calls the server's tools by these names (src/lib/lab/model/turn-script.ts),
 * the judges find them in what a client sent its model (src/lib/scenarios/), and the server check
 * and the tools.name.constraints page read the name forms and their runs.
 *
 * A name form holds `{server}` and `{tool}`: `mcp__{server}__{tool}` is Claude Code's. It says the
 * prefix and separator a client puts around the server's name and the tool's, the characters of the
 * server's name it replaces, whether the tool sits in a namespace, and whether the model sees the
 * tool's own definition, loads it through a search tool, or reaches it only through a bridge tool
 * that calls tools by name. Consecutive captured versions that named tools alike form one run, as
 * a cell's version runs do. Truncation is not part of a form: the lab has offered no tool whose
 * name a client shortened, so `longest` says how long a name the captures show passing intact, and
 * no more is claimed. A capture is read as this evidence by src/lib/lab/tool-name-evidence.ts, with
 * the model APIs' own readers.
 */
import { compareVersions } from './versions.ts';

/** Separators clients put between a server's name and its tool's. */
const separators = ['__', '_', '-', '.', '/', ':'];
/** Names of tools that find deferred tools (Claude Code's, Qwen Code's and the like). */
const searchNames = /^(?:ToolSearch|tool_search|search_tools|toolsearch|find_tools)$/i;
/** Names of bridge tools that call another tool by name. */
const bridgeNames = /^(?:tool_call|call_tool|use_tool|invoke_tool|run_tool)$/i;
/** Names of a client's own tool that reads an MCP server's resource (Claude Code's, and `read_mcp_resource`). */
const readerNames = /^(?:ReadMcpResourceTool|read_?mcp_?resource|mcp_?read_?resource|readMcpResource)$/i;

/** Names as a client may have sanitised them for its model API (only letters, digits, `_` and `-`). */
const sanitise = (name: string) => name.replace(/[^A-Za-z0-9_-]/g, '_');

/** Whether an offered or called name stands for the server's tool `tool` (as named, prefixed, or sanitised). */
export const namesTool = (name: string, tool: string): boolean => {
  for (const [a, b] of [
    [name, tool],
    [sanitise(name), sanitise(tool)],
  ] as const) {
    if (a === b) return true;
    if (separators.some((separator) => a.endsWith(`${separator}${b}`))) return true;
  }
  return false;
};

/** Whether a tool finds deferred tools (Claude Code's `ToolSearch`, Qwen Code's `tool_search`). */
export const isSearch = (name: string): boolean => searchNames.test(name);
/** Whether a tool calls another by name (Qwen Code's `tool_call`). */
export const isBridge = (name: string): boolean => bridgeNames.test(name);
/** Whether a tool is a client's own resource reader. */
export const isResourceReader = (name: string): boolean => readerNames.test(name);

/** What a client offered its model for a server's tool whose name, with the client's prefix, is long: the name whole, cut short, shortened otherwise, or nothing. */
export type LongNameFate = { kind: 'intact' | 'truncated' | 'shortened'; name: string } | { kind: 'dropped' };

/** How many of a tool's characters, from its start and its end together, an offered name must keep to stand for it once shortened. */
const LONG_NAME_KEPT = 12;

/** How many characters two strings share from their start. */
const sharedHead = (a: string, b: string): number => {
  let count = 0;
  while (count < a.length && count < b.length && a[count] === b[count]) count += 1;
  return count;
};

/** How much of a tool's name an offered name keeps: its longest run from the tool's start (after any prefix), and the end both share. */
const kept = (offered: string, tool: string): { head: number; whole: boolean; tail: number } => {
  let head = 0;
  let whole = false;
  for (let at = offered.indexOf(tool.slice(0, 4)); at !== -1; at = offered.indexOf(tool.slice(0, 4), at + 1)) {
    const shared = sharedHead(offered.slice(at), tool);
    if (shared > head) [head, whole] = [shared, shared === offered.length - at];
  }
  const tail = sharedHead([...offered].reverse().join(''), [...tool].reverse().join(''));
  return { head, whole, tail };
};

/**
 * What became of each of `tools` among the names a model request `offered`: the name whole (under
 * any prefix), a name keeping the tool's start and nothing after it (truncated), one keeping at
 * least LONG_NAME_KEPT of its characters from its start and end otherwise (shortened: a hash or an
 * ellipsis in place of the rest), or none (dropped). An offered name stands for one tool only, the
 * one it keeps most of, so two tools a client made one name of show one of them dropped; a name that
 * stands whole for another of the `listed` tools is not a candidate.
 */
export const longNameFates = (
  offered: readonly string[],
  tools: readonly string[],
  listed: readonly string[],
): LongNameFate[] => {
  const taken = new Set<number>();
  return tools.map((tool): LongNameFate => {
    const whole = offered.findIndex((name, index) => !taken.has(index) && namesTool(name, tool));
    if (whole !== -1) {
      taken.add(whole);
      return { kind: 'intact', name: offered[whole] as string };
    }
    const wanted = sanitise(tool);
    const others = listed.filter((name) => name !== tool);
    const scored = offered
      .map((name, index) => ({ name, index, ...kept(sanitise(name), wanted) }))
      .filter(
        (item) =>
          !taken.has(item.index) &&
          item.head + item.tail >= LONG_NAME_KEPT &&
          !others.some((other) => namesTool(item.name, other)),
      )
      .sort((a, b) => b.head + b.tail - (a.head + a.tail));
    const [best] = scored;
    if (best === undefined) return { kind: 'dropped' };
    taken.add(best.index);
    return { kind: best.whole && best.tail === 0 ? 'truncated' : 'shortened', name: best.name };
  });
};

/** A tool a model request offered, as the model API's reader found it. */
export interface OfferedName {
  name: string;
  /** The namespace it sits in (the Responses API's `namespace` tools). */
  namespace?: string;
  /** Its schema for arguments, as the client sent it. */
  parameters?: unknown;
}

/** A tool the server listed: its name and input schema. */
export interface ListedTool {
  name: string;
  inputSchema?: unknown;
}

/** One capture's evidence: what the server listed and what each model request carried. */
export interface NameObservation {
  capture: string;
  version: string;
  /** The model API the client called, as the capture's header names it. */
  api: string;
  /** The name the client's configuration gave the server. */
  server: string;
  /** The tools the server listed. */
  listed: readonly ListedTool[];
  /** Each model request: the tools it offered, and the texts the client wrote in it (system, tool results, descriptions; never the model's own turns). */
  requests: readonly { tools: readonly OfferedName[]; texts: readonly string[] }[];
}

/** How the model reaches a server's tool: by its own definition, through a search tool that loads it, or only through a bridge tool. */
export type NameReach = 'definition' | 'bridge';

/** How one client version names a server's tools for its model. */
export interface NameForm {
  api: string;
  /** The name the model calls the tool by, with `{server}` and `{tool}` in place of the server's and the tool's names. */
  name: string;
  /** The namespace the tool sits in, likewise (`mcp__{server}`), where it has one. */
  namespace?: string;
  /** Characters of the server's name that the client replaced, as `[from, to]` pairs (`[["-", "_"]]`). */
  serverChars?: [string, string][];
  /** `bridge` where the model never received the tool as a tool of its own, only by name through a bridge tool. */
  reach: NameReach;
  /** The longest name the model received for a server's tool in these captures: names up to this long passed intact. */
  longest: number;
  /**
   * The JSON Schema keywords of the listed input schemas that reached the model (`kept`) and that did
   * not (`dropped`), by name, each as the run's newest capture that listed it shows.
   */
  keywords?: { dropped: string[]; kept: string[] };
  /**
   * What the model was offered for each listed tool whose name under this form passes
   * MODEL_NAME_LIMIT, as the run's newest capture listing such tools shows: the tool, that length,
   * and its fate (the name whole, cut short, shortened otherwise, or dropped), with the name offered.
   */
  pastLimit?: PastLimit[];
}

/** One long-named tool's fate under a client's form (NameForm's `pastLimit`). */
export interface PastLimit {
  tool: string;
  /** The length of the name the form would give it whole. */
  length: number;
  fate: LongNameFate['kind'];
  /** The name the model was offered, where it was offered one. */
  as?: string;
}

/**
 * The most characters the model APIs the lab's clients call accept in a tool name, where they state
 * a limit (src/lib/evidence/tool-name-rules.ts): the tools past it are the ones whose fate a name
 * form records.
 */
export const MODEL_NAME_LIMIT = 64;

/** Consecutive captured versions that named tools alike (FORMAT.md's version runs: `from` and `to` both given). */
export interface NameRun extends NameForm {
  from: string;
  to: string;
  captured: string[];
  captures: string[];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Where a variant of the server's name stands in `text`: the server's name, or the name with some
 * of its non-alphanumeric characters replaced (Codex writes `canimcp_probe` for `canimcp-probe`).
 */
const serverIn = (text: string, server: string): { at: number; chars: [string, string][] } | undefined => {
  for (let at = 0; at + server.length <= text.length; at += 1) {
    const window = text.slice(at, at + server.length);
    const chars: [string, string][] = [];
    let fits = true;
    for (let index = 0; index < server.length && fits; index += 1) {
      const want = server[index] as string;
      const got = window[index] as string;
      if (want === got) continue;
      if (/[A-Za-z0-9]/.test(want) || /[A-Za-z0-9]/.test(got)) fits = false;
      else if (!chars.some(([from]) => from === want)) chars.push([want, got]);
    }
    if (fits) return { at, chars };
  }
  return undefined;
};

/** A name with the server's name (or its variant) put back as `{server}`. */
const withServer = (text: string, server: string): { form: string; chars: [string, string][] } => {
  const found = serverIn(text, server);
  return found === undefined
    ? { form: text, chars: [] }
    : {
        form: `${text.slice(0, found.at)}{server}${text.slice(found.at + server.length)}`,
        chars: found.chars,
      };
};

interface Seen {
  tool: string;
  name: string;
  namespace?: string;
  reach: NameReach;
  /** The definition's schema where the model received one. */
  parameters?: unknown;
}

/** Each listed tool as the model received it in a request: its own definition where offered, else a qualified name in the client's text. */
const seenIn = (observation: NameObservation): Seen[] =>
  observation.requests.flatMap((request) =>
    observation.listed.flatMap(({ name: tool }): Seen[] => {
      const offered = request.tools
        .filter((candidate) => namesTool(candidate.name, tool))
        .sort((a, b) => a.name.length - b.name.length)[0];
      if (offered !== undefined)
        return [
          {
            tool,
            name: offered.name,
            ...(offered.namespace === undefined ? {} : { namespace: offered.namespace }),
            reach: 'definition',
            ...(offered.parameters === undefined ? {} : { parameters: offered.parameters }),
          },
        ];
      // Deferred or bridged: the full name stands in a tool result or description the client wrote.
      const pattern = new RegExp(`(?<![\\w.:-])([\\w.:-]*?${escapeRegExp(tool)})(?![\\w-])`, 'g');
      for (const text of request.texts)
        for (const match of text.matchAll(pattern)) {
          const name = match[1] as string;
          if (name !== tool && serverIn(name.slice(0, -tool.length), observation.server) !== undefined)
            return [{ tool, name, reach: 'bridge' }];
        }
      return [];
    }),
  );

/** Where a schema's keys are names (of properties, definitions), not keywords. */
const namedChildren = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

/** The JSON Schema keywords a schema uses anywhere, by name (an elided description still counts as a description). */
export const keywordsOf = (schema: unknown): Set<string> => {
  const found = new Set<string>();
  const walk = (node: unknown, names: boolean) => {
    if (Array.isArray(node)) node.forEach((item) => walk(item, false));
    else if (typeof node === 'object' && node !== null) {
      if (!names && 'elided' in node && 'sha256' in node) return;
      for (const [key, child] of Object.entries(node)) {
        if (!names) found.add(key);
        walk(child, !names && namedChildren.has(key));
      }
    }
  };
  walk(schema, false);
  return found;
};

/** Which keywords of the listed schemas reached the model, and which did not, over every definition the model received. */
const keywordsIn = (observation: NameObservation, seen: readonly Seen[]): { dropped: string[]; kept: string[] } | undefined => {
  const dropped = new Set<string>();
  const kept = new Set<string>();
  for (const item of seen) {
    const listed = observation.listed.find((tool) => tool.name === item.tool)?.inputSchema;
    if (item.parameters === undefined || listed === undefined) continue;
    const received = keywordsOf(item.parameters);
    for (const keyword of keywordsOf(listed)) (received.has(keyword) ? kept : dropped).add(keyword);
  }
  for (const keyword of kept) dropped.delete(keyword);
  return kept.size + dropped.size === 0 ? undefined : { dropped: [...dropped].sort(), kept: [...kept].sort() };
};

const formKey = (form: Omit<NameForm, 'longest' | 'keywords' | 'pastLimit'>): string =>
  JSON.stringify([form.api, form.name, form.namespace ?? null, form.serverChars ?? [], form.reach]);

/**
 * The name form one capture shows, where the model received any listed tool: the form most of its
 * tools show, a tool's own definition preferred to its name in the client's text.
 */
export const nameFormOf = (observation: NameObservation): NameForm | undefined => {
  const seen = seenIn(observation);
  const offeredTools = new Set(seen.filter((item) => item.reach === 'definition').map((item) => item.tool));
  const counts = new Map<string, { form: Omit<NameForm, 'longest'>; count: number; longest: number }>();
  for (const item of seen) {
    // A tool the model received as a definition somewhere in the capture is reached so.
    if (item.reach === 'bridge' && offeredTools.has(item.tool)) continue;
    const name = withServer(item.name.slice(0, -item.tool.length), observation.server);
    const namespace = item.namespace === undefined ? undefined : withServer(item.namespace, observation.server);
    const chars = [...name.chars, ...(namespace?.chars ?? [])].filter(
      (pair, index, all) => all.findIndex(([from]) => from === pair[0]) === index,
    );
    const form: Omit<NameForm, 'longest'> = {
      api: observation.api,
      name: `${name.form}{tool}`,
      ...(namespace === undefined ? {} : { namespace: namespace.form }),
      ...(chars.length === 0 ? {} : { serverChars: chars }),
      reach: item.reach,
    };
    const key = formKey(form);
    const entry = counts.get(key) ?? { form, count: 0, longest: 0 };
    entry.count += 1;
    entry.longest = Math.max(entry.longest, item.name.length);
    counts.set(key, entry);
  }
  const best = [...counts.values()].sort((a, b) => b.count - a.count)[0];
  if (best === undefined) return undefined;
  const keywords = keywordsIn(observation, seen);
  const pastLimit = pastLimitIn(observation, best.form);
  return {
    ...best.form,
    longest: best.longest,
    ...(keywords === undefined ? {} : { keywords }),
    ...(pastLimit.length === 0 ? {} : { pastLimit }),
  };
};

/** Each listed tool whose name under the form passes MODEL_NAME_LIMIT, and what the model was offered for it over the capture's requests. */
const pastLimitIn = (observation: NameObservation, form: Omit<NameForm, 'longest'>): PastLimit[] => {
  if (form.reach === 'bridge') return [];
  const listed = observation.listed.map((tool) => tool.name);
  const long = listed
    .map((tool) => ({ tool, length: modelNameOf(form, observation.server, tool).name.length }))
    .filter((item) => item.length > MODEL_NAME_LIMIT);
  if (long.length === 0) return [];
  const offered = [...new Set(observation.requests.flatMap((request) => request.tools.map((tool) => tool.name)))];
  const fates = longNameFates(
    offered,
    long.map((item) => item.tool),
    listed,
  );
  return long.map((item, index) => {
    const fate = fates[index] ?? { kind: 'dropped' as const };
    return { ...item, fate: fate.kind, ...(fate.kind === 'dropped' ? {} : { as: fate.name }) };
  });
};

const byVersion = (a: string, b: string) => compareVersions(a, b) ?? a.localeCompare(b);

/** Keywords as a newer capture shows them, over what older ones showed of keywords it did not list. */
const newerKeywords = (
  older: NameForm['keywords'],
  newer: NonNullable<NameForm['keywords']>,
): NonNullable<NameForm['keywords']> => {
  const tested = new Set([...newer.dropped, ...newer.kept]);
  return {
    dropped: [...new Set([...newer.dropped, ...(older?.dropped ?? []).filter((keyword) => !tested.has(keyword))])].sort(),
    kept: [...new Set([...newer.kept, ...(older?.kept ?? []).filter((keyword) => !tested.has(keyword))])].sort(),
  };
};

/**
 * The runs of one client's observations, oldest first: consecutive captured versions whose captures
 * named tools alike. Each keyword's fate in a run is the one its newest capture that listed it shows.
 */
export const nameRuns = (observations: readonly NameObservation[]): NameRun[] => {
  const decided = observations
    .flatMap((observation) => {
      const form = nameFormOf(observation);
      return form === undefined ? [] : [{ observation, form }];
    })
    .sort(
      (a, b) =>
        byVersion(a.observation.version, b.observation.version) || a.observation.capture.localeCompare(b.observation.capture),
    );
  const runs: NameRun[] = [];
  for (const { observation, form } of decided) {
    const last = runs.at(-1);
    if (last !== undefined && formKey(last) === formKey(form)) {
      if (!last.captured.includes(observation.version)) last.captured.push(observation.version);
      last.captures.push(observation.capture);
      last.to = observation.version;
      last.longest = Math.max(last.longest, form.longest);
      if (form.keywords !== undefined) last.keywords = newerKeywords(last.keywords, form.keywords);
      if (form.pastLimit !== undefined) last.pastLimit = form.pastLimit;
      continue;
    }
    runs.push({
      ...form,
      from: observation.version,
      to: observation.version,
      captured: [observation.version],
      captures: [observation.capture],
    });
  }
  return runs;
};

/** What the model receives for a server's tool under a form: its name, and its namespace where it has one. */
export const modelNameOf = (form: Pick<NameForm, 'name' | 'namespace' | 'serverChars'>, server: string, tool: string) => {
  const renamed = (form.serverChars ?? []).reduce((name, [from, to]) => name.replaceAll(from, to), server);
  const fill = (template: string) => template.replaceAll('{server}', renamed).replaceAll('{tool}', tool);
  return { name: fill(form.name), ...(form.namespace === undefined ? {} : { namespace: fill(form.namespace) }) };
};

/** The run a version falls in: the newest run whose `from` is not newer than it, if it is not newer than that run's `to`. */
export const nameRunAt = (runs: readonly NameRun[], version: string): NameRun | undefined =>
  runs.find((run) => byVersion(version, run.from) >= 0 && byVersion(version, run.to) <= 0);

/**
 * What a client does with a name of `length` characters under its form, as the lab's long-named
 * tools of the same kind show (a tool past the limit on its own, or one past it only behind the
 * client's prefix): the fate, the lab's tool that shows it, and for a cut the most characters kept.
 */
export const pastLimitFate = (
  pastLimit: readonly PastLimit[] | undefined,
  tool: string,
): { fate: PastLimit['fate']; shown: PastLimit; cut?: number } | undefined => {
  const alone = tool.length > MODEL_NAME_LIMIT;
  const alike = (pastLimit ?? []).filter((item) => item.tool.length > MODEL_NAME_LIMIT === alone);
  const [shown] = alike;
  if (shown === undefined) return undefined;
  const cuts = alike.flatMap((item) => (item.fate === 'truncated' && item.as !== undefined ? [item.as.length] : []));
  return { fate: shown.fate, shown, ...(shown.fate === 'truncated' && cuts.length > 0 ? { cut: Math.max(...cuts) } : {}) };
};

/** What a run's captures show of names past MODEL_NAME_LIMIT, in a few words (Markdown): how many of the lab's long names met each fate. */
export const pastLimitWords = (run: Pick<NameForm, 'pastLimit'>): string => {
  const items = run.pastLimit ?? [];
  if (items.length === 0) return 'not offered one';
  return [...Map.groupBy(items, (item) => item.fate)]
    .map(([fate, list]) => {
      const longest = Math.max(...list.map((item) => item.as?.length ?? item.length));
      if (fate === 'dropped') return `${list.length} dropped`;
      if (fate === 'intact') return `${list.length} passed whole (up to ${longest})`;
      if (fate === 'truncated') return `${list.length} cut to ${longest}`;
      return `${list.length} shortened to ${longest} (\`${list[0]?.as ?? ''}\`)`;
    })
    .join('; ');
};
