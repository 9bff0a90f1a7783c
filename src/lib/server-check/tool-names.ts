/**
 * How each client names a server's tools for its model, read from what the stand-in model received
 * (the captures' `model` events), never written by hand: the prefix and separator it puts around
 * the server's name and the tool's, the characters of the server's name it replaces, whether the
 * tool sits in a namespace, and whether the model sees the tool's own definition, loads it through a
 * search tool, or reaches it only through a bridge tool that calls tools by name. Consecutive
 * captured versions that named tools alike form one run, as a cell's version runs do.
 *
 * A name form holds `{server}` and `{tool}`: `mcp__{server}__{tool}` is Claude Code's. Truncation
 * is not part of a form: the lab has offered no tool whose name a client shortened, so `longest`
 * says how long a name the captures show passing intact, and no more is claimed.
 */
import { compareVersions } from '../evidence/versions.ts';

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
}

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

/** Whether `name` stands for the tool `tool`: the tool's name itself, or it after a separator. */
const endsWithTool = (name: string, tool: string): boolean =>
  name === tool || (name.endsWith(tool) && /[_\-.:/]$/.test(name.slice(0, -tool.length)));

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
        .filter((candidate) => endsWithTool(candidate.name, tool))
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

const formKey = (form: Omit<NameForm, 'longest' | 'keywords'>): string =>
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
  return {
    ...best.form,
    longest: best.longest,
    ...(keywords === undefined ? {} : { keywords }),
  };
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
