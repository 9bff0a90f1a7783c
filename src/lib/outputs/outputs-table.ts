/**
 * The table of outputs (src/lib/routes/outputs.ts) as text: the Markdown table a contract holds
 * (`npm run outputs`, modelled on FORMAT.md's "Output URLs"), and ARCHITECTURE.md's list of outputs,
 * which names what writes each and what its key is made of.
 */
import { forms, outputs, type FormName, type Output } from '../routes/outputs.ts';

/** A table cell: `|` escaped, no line breaks. */
const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

/** Every URL of an output, one per form, as code: `/research/<id>`, `/research/<id>.md`. */
const urls = (output: Output) =>
  output.forms
    .map((form) => (form === 'twin' && output.pattern === '/' ? '/index.md' : `${output.pattern}${forms[form].suffix}`))
    .map((url) => `\`${url}\``)
    .join(', ');

/** What an output's key is made of, the twin's apart where it differs; `—` for one built every time. */
const keyText = (output: Output) => {
  if (output.keys === undefined) return '—';
  const twin = output.twinKeys === undefined ? '' : `; twin: ${output.twinKeys.join(' + ')}`;
  return `${output.keys.join(' + ')}${twin}`;
};

/** The content types of an output's forms, each once. */
const typesOf = (output: Output) => [...new Set(output.forms.map((form: FormName) => forms[form].type))].join(', ');

/** Which hosts' builds write it as files, where not every one. */
const hostNote = (output: Output) =>
  output.hosts === undefined ? '' : ` (written as files where \`DEPLOY_HOST\` is ${output.hosts.join(' or ')})`;

const rows = () => Object.values(outputs) as Output[];

/** The table as a contract holds it: URLs, forms, key, schema, content type, sitemap and llms.txt, and what it is. */
export const outputsMarkdown = (): string =>
  [
    '| URL | forms | key | schema | content type | sitemap | llms.txt | what |',
    '|---|---|---|---|---|---|---|---|',
    ...rows().map((output) =>
      [
        urls(output),
        output.forms.map((form) => forms[form].label).join(', '),
        keyText(output),
        output.schema === undefined ? '—' : `\`${output.schema}\``,
        typesOf(output),
        output.sitemap === true ? 'yes' : '',
        output.llms === true ? 'yes' : '',
        `${output.description}${hostNote(output)}`,
      ]
        .map(cell)
        .reduce((line, text) => `${line} ${text} |`, '|'),
    ),
    '',
  ].join('\n');

/** The markers around ARCHITECTURE.md's generated list. */
export const ARCHITECTURE_MARKERS = {
  begin: '<!-- outputs: generated from src/lib/routes/outputs.ts by `npm run outputs -- --write`; do not edit -->',
  end: '<!-- /outputs -->',
} as const;

/** ARCHITECTURE.md's list of outputs: each URL, what writes it and what its key is made of, between the markers. */
export const architectureOutputs = (): string =>
  [
    ARCHITECTURE_MARKERS.begin,
    '',
    '| URL | made by | key |',
    '|---|---|---|',
    ...rows().map(
      (output) =>
        `| ${cell(urls(output))}${cell(hostNote(output))} | ${output.madeBy.map((file) => `\`${file}\``).join(', ')} | ${cell(keyText(output))} |`,
    ),
    '',
    ARCHITECTURE_MARKERS.end,
  ].join('\n');

/** A document with its generated list replaced by `list`; undefined where it has no markers. */
export const withArchitectureOutputs = (document: string, list = architectureOutputs()): string | undefined => {
  const begin = document.indexOf(ARCHITECTURE_MARKERS.begin);
  const end = document.indexOf(ARCHITECTURE_MARKERS.end);
  if (begin === -1 || end < begin) return undefined;
  return `${document.slice(0, begin)}${list}${document.slice(end + ARCHITECTURE_MARKERS.end.length)}`;
};
