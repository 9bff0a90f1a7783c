/**
 * The server check page: reads the pasted JSON in the browser, checks it against the site's
 * published feature data (fetched from this site, once, when the reader first reaches the box),
 * and lays out the findings per client. Nothing pasted leaves the page: the only requests are for
 * the published JSON, and the shared state lives in the URL's fragment, which is never sent.
 */
import { checkDataOf } from '../lib/server-check/check-data.ts';
import { checkServer, type CheckData, type Finding, type FindingKind } from '../lib/server-check/check-server.ts';
import { exampleServer } from '../lib/server-check/example.ts';
import { readJsonText } from '../lib/server-check/json-text.ts';
import { readServerInput } from '../lib/server-check/server-input.ts';
import { decodeShared, encodeShared } from '../lib/server-check/share.ts';
// Its rows alone, not the table: a script's bundle holds what it reads.
import { clientsJson, featuresJson } from '../lib/routes/outputs.ts';
import { appendInline, element } from './dom.ts';

const SHARE_KEY = 's';

const kindLabel: Record<FindingKind, string> = { loss: 'Lost', risk: 'Risk', unknown: 'Not yet observed', fine: 'Fine' };
const kindOrder: Record<FindingKind, number> = { loss: 0, risk: 1, unknown: 2, fine: 3 };

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

/** Wires the page's form; does nothing on a page without it. */
export const startServerCheck = (): void => {
  const form = document.querySelector<HTMLFormElement>('[data-check-form]');
  const input = document.querySelector<HTMLTextAreaElement>('[data-check-input]');
  const status = document.querySelector<HTMLElement>('[data-check-status]');
  const results = document.querySelector<HTMLElement>('[data-check-results]');
  const example = document.querySelector<HTMLButtonElement>('[data-check-example]');
  const share = document.querySelector<HTMLElement>('[data-check-share]');
  if (!form || !input || !status || !results || !example || !share) return;
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
    const server = readServerInput(read.value);
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
    const reports = checkServer(server.server, checkData).filter((report) => report.findings.length > 0);
    const losing = reports.filter((report) => report.findings.some((finding) => finding.kind === 'loss')).length;
    say(
      reports.length === 0
        ? 'Nothing this server sends is covered by the feature data yet.'
        : `${losing === 0 ? 'No client' : losing === 1 ? 'One client' : `${losing} clients`} of ${reports.length} drop or refuse something this server sends.`,
    );
    for (const report of reports) {
      const section = element('section', 'client');
      const heading = element('h2', undefined, report.name);
      heading.id = `client-${report.client}`;
      section.setAttribute('aria-labelledby', heading.id);
      const list = element('ul', 'findings');
      for (const finding of [...report.findings].sort((a, b) => kindOrder[a.kind] - kindOrder[b.kind]))
        list.append(findingItem(finding));
      section.append(heading, list);
      results.append(section);
    }
    if (!options.share) return;
    const shared = await encodeShared(text);
    if (shared === undefined) {
      history.replaceState(null, '', location.pathname);
      share.textContent = 'This input is too long to share in a link.';
    } else {
      history.replaceState(null, '', `#${SHARE_KEY}=${shared}`);
      share.textContent = 'The address of this page now holds your input: copy it to share this check.';
    }
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void run(input.value, { share: true });
  });
  example.addEventListener('click', () => {
    input.value = JSON.stringify(exampleServer, null, 2);
    void run(input.value, { share: true });
  });
  const fragment = new URLSearchParams(location.hash.slice(1)).get(SHARE_KEY);
  if (fragment !== null)
    void decodeShared(fragment).then((text) => {
      if (text === undefined) say('The link holds no input this page can read.');
      else {
        input.value = text;
        void run(text, { share: false });
      }
    });
};
