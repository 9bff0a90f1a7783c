/**
 * TypeScript declarations from the JSON Schemas the site's zod schemas generate, so the data
 * package's types come from the same declarations as the build's checks, with nothing to install.
 * It covers what `z.toJSONSchema` writes for the exports (objects, arrays, records, unions, enums,
 * literals, `$defs` references); anything else becomes `unknown`, never a wrong type.
 */
import { isRecord } from '../mcp/json.ts';

type Schema = Record<string, unknown>;

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

const propertyKey = (key: string) => (IDENTIFIER.test(key) ? key : JSON.stringify(key));

const literal = (value: unknown): string =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value) ? JSON.stringify(value) : 'unknown';

/** Whether a type is a union outside any braces, brackets or parentheses (and so needs parentheses before `[]`). */
const isTopLevelUnion = (type: string): boolean => {
  let depth = 0;
  for (let index = 0; index < type.length; index += 1) {
    const char = type[index] as string;
    if ('{[('.includes(char)) depth += 1;
    else if ('}])'.includes(char)) depth -= 1;
    else if (depth === 0 && type.startsWith(' | ', index)) return true;
  }
  return false;
};

const union = (parts: string[]): string => {
  const unique = [...new Set(parts)];
  return unique.length === 0 ? 'never' : unique.includes('unknown') ? 'unknown' : unique.join(' | ');
};

const comment = (schema: Schema, indent: string): string =>
  typeof schema['description'] === 'string' ? `${indent}/** ${schema['description'].replaceAll('*/', '* /')} */\n` : '';

/** The TypeScript type of one schema, indented for its depth. */
const typeOf = (schema: unknown, indent: string, refName: (ref: string) => string): string => {
  if (schema === true) return 'unknown';
  if (schema === false) return 'never';
  if (!isRecord(schema)) return 'unknown';
  if (typeof schema['$ref'] === 'string') return refName(schema['$ref']);
  if ('const' in schema) return literal(schema['const']);
  if (Array.isArray(schema['enum'])) return union(schema['enum'].map(literal));
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options)) return union(options.map((option) => typeOf(option, indent, refName)));
  }
  const type = schema['type'];
  if (Array.isArray(type)) return union(type.map((one: unknown) => typeOf({ ...schema, type: one }, indent, refName)));
  switch (type) {
    case 'string':
      return 'string';
    case 'number':
    case 'integer':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'array': {
      if (Array.isArray(schema['prefixItems']))
        return `[${schema['prefixItems'].map((item) => typeOf(item, indent, refName)).join(', ')}]`;
      const items = typeOf(schema['items'] ?? true, indent, refName);
      return schema['maxItems'] === 0 ? '[]' : `${isTopLevelUnion(items) ? `(${items})` : items}[]`;
    }
    case 'object': {
      const properties = isRecord(schema['properties']) ? schema['properties'] : {};
      const required = new Set(Array.isArray(schema['required']) ? schema['required'] : []);
      const inner = `${indent}  `;
      const lines = Object.entries(properties).map(
        ([key, value]) =>
          `${isRecord(value) ? comment(value, inner) : ''}${inner}${propertyKey(key)}${required.has(key) ? '' : '?'}: ${typeOf(value, inner, refName)};`,
      );
      const extra = schema['additionalProperties'];
      if (extra !== undefined && extra !== false) lines.push(`${inner}[key: string]: ${typeOf(extra, inner, refName)};`);
      else if (extra === undefined && lines.length === 0) return 'Record<string, unknown>';
      return lines.length === 0 ? 'Record<string, never>' : `{\n${lines.join('\n')}\n${indent}}`;
    }
    default:
      return 'unknown';
  }
};

/** One exported type per schema (`export type Name = …;`), each schema's `$defs` as types of their own. */
export const declarations = (schemas: Readonly<Record<string, unknown>>): string => {
  const out: string[] = [];
  for (const [name, schema] of Object.entries(schemas)) {
    const defs = isRecord(schema) && isRecord(schema['$defs']) ? schema['$defs'] : {};
    const defName = (key: string) => `${name}_${key.replace(/[^A-Za-z0-9_$]/g, '_')}`;
    const refName = (ref: string) => {
      const match = /^#\/\$defs\/(.+)$/.exec(ref);
      return match?.[1] !== undefined && match[1] in defs ? defName(match[1]) : ref === '#' ? name : 'unknown';
    };
    for (const [key, def] of Object.entries(defs))
      out.push(`${isRecord(def) ? comment(def, '') : ''}export type ${defName(key)} = ${typeOf(def, '', refName)};`);
    out.push(`${isRecord(schema) ? comment(schema, '') : ''}export type ${name} = ${typeOf(schema, '', refName)};`);
  }
  return `${out.join('\n\n')}\n`;
};
