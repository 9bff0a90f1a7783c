/**
 * The server check page: reads the pasted JSON in the browser, checks it against the site's
 * published feature data (fetched from this site, once, when the reader first reaches the box),
 * and lays out the findings as the command prints them: clients that lose something first, core
 * clients before others, each client's unknowns on one line. Nothing pasted leaves the page: the
 * only requests are for the published JSON, and the shared state lives in the URL's fragment,
 * which is never sent.
 */
import { checkDataOf } from '../lib/server-check/check-data.ts';
import {
  checkServer,
  defaultServerName,
  type CheckData,
  type ClientReport,
  type Finding,
  type FindingKind,
} from '../lib/server-check/check-server.ts';
import { describeServer } from '../lib/server-check/describe.ts';
import { exampleServer } from '../lib/server-check/example.ts';
import { kindCounts, lossSummary, saysAnything } from '../lib/server-check/format.ts';
import { readJsonText } from '../lib/server-check/json-text.ts';
import { readServerInput, withAuthFlag } from '../lib/server-check/server-input.ts';
import { decodeShared, encodeShared } from '../lib/server-check/share.ts';
// Its rows alone, not the table: a script's bundle holds what it reads.
import { clientsJson, featuresJson } from '../lib/routes/outputs.ts';
import { appendInline, element } from './dom.ts';

const SHARE_KEY = 's';
const NAME_KEY = 'n';
const AUTH_KEY = 'a';

const kindLabel: Record<FindingKind, string> = {
  lost: 'Lost',
  gated: 'Needs approval',
  risk: 'Risk',
  fine: 'Fine',
  unknown: 'Not yet observed',
};

const fetchJson = async (url: string): Promise<unknown> => {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json() as Promise<unknown>;
};

/** The offset of a 1-based line and column in a text. */
const offsetOf = (text: string, line: number, column: number): number => {
  let offset = 0;
  for (let current = 1; current < line; current += 1) offset = text.indexOf('\n', offset) + 1;
  return offset + column - 1;
};

const findingItem = (finding: Finding): HTMLLIElement => {
  const item = element('li', `finding finding-${finding.kind}`);
  item.append(element('span', 'kind', kindLabel[finding.kind]), ' ');
  const link = element('a', undefined, finding.feature);
  link.href = finding.evidence;
  item.append(link, ': ');
  appendInline(item, finding.finding);
  return item;
};

/** A client's unknowns as one line: each feature linked, what it is about in words. */
const unknownItem = (findings: readonly Finding[]): HTMLLIElement => {
  const item = element('li', 'finding finding-unknown');
  item.append(element('span', 'kind', kindLabel.unknown), ' ');
  findings.forEach((finding, index) => {
    if (index > 0) item.append(', ');
    const link = element('a', undefined, finding.feature);
    link.href = finding.evidence;
    appendInline(item, finding.finding.replace(/^not yet observed: /, ''));
    item.append(' (', link, ')');
  });
  return item;
};

const clientSection = (report: ClientReport): HTMLElement => {
  const section = element('section', 'client');
  const heading = element('h2', undefined, report.name);
  heading.id = `client-${report.client}`;
  section.setAttribute('aria-labelledby', heading.id);
  const summary = element('p', 'counts', `${report.core ? 'Core client. ' : ''}${kindCounts(report.findings)}`);
  const list = element('ul', 'findings');
  for (const finding of report.findings.filter((item) => item.kind !== 'unknown')) list.append(findingItem(finding));
  const unknown = report.findings.filter((item) => item.kind === 'unknown');
  if (unknown.length > 0) list.append(unknownItem(unknown));
  section.append(heading, summary, list);
  return section;
};

/** Wires the page's form; does nothing on a page without it. */
export const startServerCheck = (): void => {
  const form = document.querySelector<HTMLFormElement>('[data-check-form]');
  const input = document.querySelector<HTMLTextAreaElement>('[data-check-input]');
  const nameInput = document.querySelector<HTMLInputElement>('[data-check-name]');
  const status = document.querySelector<HTMLElement>('[data-check-status]');
  const results = document.querySelector<HTMLElement>('[data-check-results]');
  const example = document.querySelector<HTMLButtonElement>('[data-check-example]');
  const share = document.querySelector<HTMLElement>('[data-check-share]');
  if (!form || !input || !nameInput || !status || !results || !example || !share) return;
  const authBoxes = [...document.querySelectorAll<HTMLInputElement>('[data-check-auth]')];
  /** The ticked authorization words, as `--auth` takes them. */
  const authWords = () =>
    authBoxes
      .filter((box) => box.checked)
      .map((box) => box.value)
      .join(',');
  form.removeAttribute('data-pending');

  let data: Promise<CheckData> | undefined;
  const loadData = () =>
    (data ??= Promise.all([fetchJson(featuresJson.pattern), fetchJson(clientsJson.pattern)]).then(([features, clients]) =>
      checkDataOf(features, clients),
    ));
  input.addEventListener('focus', () => void loadData().catch(() => undefined), { once: true });

  const say = (text: string) => {
    status.textContent = text;
  };

  const run = async (text: string, options: { share: boolean }) => {
    results.replaceChildren();
    share.textContent = '';
    input.removeAttribute('aria-invalid');
    const read = readJsonText(text);
    if (!read.ok) {
      const { line, column, message } = read.mistake;
      input.setAttribute('aria-invalid', 'true');
      say(`That is not valid JSON: line ${line}, column ${column}: ${message}.`);
      const at = offsetOf(text, line, column);
      input.focus();
      input.setSelectionRange(at, at + 1);
      return;
    }
    const words = authWords();
    const merged = words === '' ? { ok: true as const, input: read.value } : withAuthFlag(read.value, words);
    const server = merged.ok
      ? readServerInput(merged.input)
      : { ok: false as const, problems: [{ path: 'authorization', message: merged.message }] };
    if (!server.ok) {
      input.setAttribute('aria-invalid', 'true');
      say(`The JSON has ${server.problems.length === 1 ? 'a part' : `${server.problems.length} parts`} the check cannot read:`);
      const list = element('ul', 'problems');
      for (const problem of server.problems) list.append(element('li', undefined, `${problem.path}: ${problem.message}`));
      results.append(list);
      return;
    }
    say('Checking…');
    let checkData: CheckData;
    try {
      checkData = await loadData();
    } catch (error) {
      data = undefined;
      say(`The feature data could not be loaded (${error instanceof Error ? error.message : String(error)}). Try again.`);
      return;
    }
    const serverName = nameInput.value.trim() || defaultServerName(server.server);
    nameInput.placeholder = defaultServerName(server.server);
    const reports = checkServer(server.server, checkData, { serverName });
    say(lossSummary(reports));
    const checked = element('p', 'checked');
    appendInline(checked, `Checked ${describeServer(server.server, serverName)}.`);
    results.append(checked);
    for (const report of reports.filter(saysAnything)) results.append(clientSection(report));
    const silent = reports.filter((report) => !saysAnything(report) && report.findings.length > 0);
    if (silent.length > 0)
      results.append(
        element('p', 'silent', `Not yet observed for what this server sends: ${silent.map((report) => report.name).join(', ')}.`),
      );
    if (!options.share) return;
    const shared = await encodeShared(text, read.value);
    if (shared === undefined) {
      history.replaceState(null, '', location.pathname);
      share.textContent = 'This input is too long to share in a link, even as what the check reads of it.';
      return;
    }
    const fragment = new URLSearchParams({ [SHARE_KEY]: shared.value });
    if (nameInput.value.trim() !== '') fragment.set(NAME_KEY, nameInput.value.trim());
    if (words !== '') fragment.set(AUTH_KEY, words);
    history.replaceState(null, '', `#${fragment.toString()}`);
    share.textContent = shared.reduced
      ? 'The address of this page now holds what the check read of your input (tool names, annotations, schema keywords, not descriptions): copy it to share this check.'
      : 'The address of this page now holds your input: copy it to share this check.';
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void run(input.value, { share: true });
  });
  example.addEventListener('click', () => {
    input.value = JSON.stringify(exampleServer, null, 2);
    void run(input.value, { share: true });
  });
  const params = new URLSearchParams(location.hash.slice(1));
  const fragment = params.get(SHARE_KEY);
  nameInput.value = params.get(NAME_KEY) ?? '';
  const sharedWords = new Set((params.get(AUTH_KEY) ?? '').split(','));
  for (const box of authBoxes) box.checked = sharedWords.has(box.value);
  if (fragment !== null)
    void decodeShared(fragment).then((text) => {
      if (text === undefined) say('The link holds no input this page can read.');
      else {
        input.value = text;
        void run(text, { share: false });
      }
    });
};
