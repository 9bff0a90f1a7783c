/**
 * `tool-metadata`: two tools whose listing carries everything a server can say about a tool (a
 * title, an input schema with several keywords, an output schema, annotations), one read-only and
 * one destructive. The judge finds each tool's definition in what the client sent the stand-in model
 * and compares it with what the server listed; and whether the client ran the destructive tool the
 * model asked for as readily as the read-only one. 2025-11-25/server/tools.mdx ("Tool",
 * "Tool annotations"), at SPEC_COMMIT.
 */
import { isRecord, parseJson } from '../mcp/json.ts';
import { callsOf, fact, modelEvents, modelRequests, modelSaw, NO_MODEL, noModel, objectsIn, stringsIn } from './evidence.ts';
import type { FeatureFact, ParsedCapture, Scenario, Tool } from './scenario.ts';

/** The markers in the listing. */
export const MARK = {
  title: 'cmcp-title-h6',
  lookup: 'cmcp-desc-lookup',
  output: 'cmcp-outschema-p2',
  record: 'cmcp-rec-1',
  deleted: 'cmcp-deleted-7',
} as const;

const lookupSchema = {
  type: 'object',
  properties: {
    key: { type: 'string', description: 'The record key.', minLength: 3, maxLength: 12, pattern: '^[a-z]+$' },
    limit: { type: 'integer', minimum: 1, maximum: 5, default: 2 },
    mode: { type: 'string', enum: ['fast', 'full'] },
  },
  required: ['key'],
  additionalProperties: false,
};

const lookup: Tool = {
  name: 'lookup_record',
  title: `${MARK.title} Record lookup`,
  description: `Looks up a record by its key (${MARK.lookup}).`,
  inputSchema: lookupSchema,
  outputSchema: {
    type: 'object',
    properties: { record: { type: 'string', description: `The record found (${MARK.output}).` } },
    required: ['record'],
  },
  annotations: { readOnlyHint: true, destructiveHint: false },
};

const remove: Tool = {
  name: 'delete_record',
  description: 'Deletes a record by its key. It deletes nothing real: this is a lab server.',
  inputSchema: { type: 'object', properties: { key: { type: 'string' } }, required: ['key'] },
  annotations: { readOnlyHint: false, destructiveHint: true },
};

/** Every leaf of a JSON value as `path = value`, to compare two schemas keyword by keyword. */
const leaves = (value: unknown, path = ''): Map<string, string> => {
  const out = new Map<string, string>();
  // An elided string (the client's own long text, FORMAT.md) is one value, not keywords of the schema.
  if (isRecord(value) && 'elided' in value && 'sha256' in value) out.set(path, JSON.stringify(value));
  else if (isRecord(value))
    for (const [key, child] of Object.entries(value)) for (const [p, v] of leaves(child, `${path}/${key}`)) out.set(p, v);
  else if (Array.isArray(value))
    value.forEach((child, index) => leaves(child, `${path}/${index}`).forEach((v, p) => out.set(p, v)));
  else out.set(path, JSON.stringify(value));
  return out;
};

/** What differs between the schema the server listed and the one the model saw: keywords dropped, added or changed. */
export const schemaChanges = (sent: unknown, seen: unknown): string[] => {
  const a = leaves(sent);
  const b = leaves(seen);
  const changes: string[] = [];
  for (const [path, value] of a) {
    if (!b.has(path)) changes.push(`dropped ${path}`);
    else if (b.get(path) !== value) changes.push(`changed ${path}`);
  }
  for (const path of b.keys()) if (!a.has(path)) changes.push(`added ${path}`);
  return changes;
};

/** The object in a model request that defines the lookup tool: the one whose description holds its marker. */
const definitionIn = (json: unknown): Record<string, unknown> | undefined => {
  const holds = (object: Record<string, unknown>) =>
    Object.values(object).some((value) => typeof value === 'string' && value.includes(MARK.lookup));
  const direct = objectsIn(json).find(holds);
  if (direct !== undefined && schemaIn(direct) !== undefined) return direct;
  // A bridge tool (a tool search, say) may hand the model the definition as JSON text: read it there too.
  const inText = stringsIn(json)
    .filter((item) => item.text.includes(MARK.lookup))
    .flatMap((item) => objectsIn(parseJson(item.text)))
    .find((object) => holds(object) && schemaIn(object) !== undefined);
  return inText ?? direct;
};

/** The schema inside a tool definition: the nested object that lists the `key` property. */
const schemaIn = (definition: Record<string, unknown>): Record<string, unknown> | undefined =>
  objectsIn(definition).find(
    (object) => isRecord(object['properties']) && 'key' in object['properties'] && 'limit' in object['properties'],
  );

/**
 * A parameter object in a tool definition that lists no properties at all: the client emptied the
 * schema (Gemini CLI 0.1.4 and 0.1.9 send `{"type":"OBJECT","properties":{}}`), which is every
 * keyword dropped, not a schema missing from the capture.
 */
const emptiedSchemaIn = (definition: Record<string, unknown>): Record<string, unknown> | undefined =>
  objectsIn(definition).find((object) => isRecord(object['properties']) && Object.keys(object['properties']).length === 0);

const judge = (capture: ParsedCapture): FeatureFact[] => {
  if (noModel(capture)) {
    return [
      ...['tools.inputSchema.unchanged', 'tools.title.toModel', 'tools.outputSchema.toModel'].map((feature) =>
        fact(feature, 'not-observed', NO_MODEL),
      ),
      annotationsFact(capture),
    ];
  }
  const facts: FeatureFact[] = [];
  const withDefinition = modelRequests(capture).find((event) => definitionIn(event.json) !== undefined);
  const definition = withDefinition === undefined ? undefined : definitionIn(withDefinition.json);
  const whole = definition === undefined ? undefined : schemaIn(definition);
  const emptied = definition === undefined || whole !== undefined ? undefined : emptiedSchemaIn(definition);
  const schema = whole ?? emptied;
  if (withDefinition === undefined || definition === undefined) {
    facts.push(fact('tools.inputSchema.unchanged', 'not-observed', 'no model request holds the lookup_record definition'));
    facts.push(fact('tools.title.toModel', 'not-observed', 'no model request holds the lookup_record definition'));
    facts.push(fact('tools.outputSchema.toModel', 'not-observed', 'no model request holds the lookup_record definition'));
  } else {
    const at = [withDefinition.seq];
    const changes = schema === undefined ? [] : schemaChanges(lookupSchema, schema);
    facts.push(
      schema === undefined
        ? fact(
            'tools.inputSchema.unchanged',
            'not-observed',
            'the definition reached the model without a schema that can be compared',
            at,
          )
        : changes.length === 0
          ? fact('tools.inputSchema.unchanged', 'yes', 'the inputSchema reached the model keyword for keyword', at)
          : fact(
              'tools.inputSchema.unchanged',
              'no',
              `the inputSchema reached the model ${emptied === undefined ? 'changed' : 'as an object with no properties at all'}: ${changes.slice(0, 6).join(', ')}${changes.length > 6 ? `, and ${changes.length - 6} more` : ''}`,
              at,
            ),
    );
    const title = modelSaw(capture, MARK.title);
    facts.push(
      title.length > 0
        ? fact('tools.title.toModel', 'yes', "the tool's title reached the model", [title[0] ?? 0])
        : fact('tools.title.toModel', 'no', "the tool's definition reached the model without its title", at),
    );
    const output = modelSaw(capture, MARK.output);
    facts.push(
      output.length > 0
        ? fact('tools.outputSchema.toModel', 'yes', "the tool's outputSchema reached the model", [output[0] ?? 0])
        : fact('tools.outputSchema.toModel', 'no', "the tool's definition reached the model without its outputSchema", at),
    );
  }
  facts.push(annotationsFact(capture));
  return facts;
};

/**
 * tools.annotations: the model asked for both tools (the stand-in model's answers name them); the
 * client ran the read-only one and held the destructive one. Where it ran both, the run's approval
 * setting decides, not the hints: nothing can be said.
 */
const annotationsFact = (capture: ParsedCapture): FeatureFact => {
  const feature = 'tools.annotations';
  const [read] = callsOf(capture, lookup.name);
  const [destroy] = callsOf(capture, remove.name);
  const asked = modelEvents(capture).find((event) => event.from === 'probe' && event.body.includes(remove.name));
  if (read !== undefined && destroy !== undefined)
    return fact(
      feature,
      'not-observed',
      'the client ran both the read-only and the destructive tool: the run’s approval setting decides, not the hints',
      [read.seq, destroy.seq],
    );
  if (read !== undefined && asked !== undefined && asked.seq > read.seq)
    return fact(feature, 'yes', 'the client ran the read-only tool and did not run the destructive one the model asked for', [
      read.seq,
      asked.seq,
    ]);
  if (read === undefined && destroy !== undefined)
    return fact(feature, 'no', 'the client ran the destructive tool but not the read-only one', [destroy.seq]);
  return fact(feature, 'not-observed', 'the model did not get to ask for both tools');
};

/** The scenario. */
export const toolMetadata: Scenario = {
  name: 'tool-metadata',
  description:
    'A read-only and a destructive tool with a title, a detailed inputSchema and an outputSchema: what of the listing reaches the model, and do the hints change what runs?',
  revision: '2025-11-25',
  offers: { tools: [lookup, remove] },
  results: {
    lookup_record: {
      content: [{ type: 'text', text: JSON.stringify({ record: MARK.record }) }],
      structuredContent: { record: MARK.record },
    },
    delete_record: { content: [{ type: 'text', text: `${MARK.deleted} nothing was deleted` }] },
  },
  calls: [
    { tool: 'lookup_record', arguments: { key: 'abc' } },
    { tool: 'delete_record', arguments: { key: 'abc' } },
  ],
  prompt: 'Look up the record abc with the lab server, then delete it.',
  steps: [],
  judge,
};
