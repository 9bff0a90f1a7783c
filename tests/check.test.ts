/**
 * `npm run check` on broken content: one fixture per rule of FORMAT.md, each a valid base folder plus
 * one broken file (tests/fixtures/broken/). The rule table calls the command's own function in
 * process; a few tests run the command itself for its exit codes, `--format` and `--stale`.
 */
import { execFile } from 'node:child_process';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { runCheck } from '../src/node/check.ts';
import { repoRoot } from '../src/node/paths.ts';
import { brokenFixtures as fixtures, contentWith, lines, shown } from './support/broken.ts';
import { TEST_BUILD_DATE } from './support/site.ts';

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

// What the command reads from the environment, for the in-process runs as for the command's.
const env = { BUILD_DATE: TEST_BUILD_DATE, SITE_URL: 'https://canimcp.io', DEBUG: '' };
for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
afterAll(() => vi.unstubAllEnvs());

/** Authors get one readable line per problem, never a stack trace. */
const readable = (run: Run): Run => {
  expect(`${run.stdout}\n${run.stderr}`).not.toMatch(/^\s+at /m);
  return run;
};

/** Checks one content folder in this process, through the function `npm run check` prints. */
const check = async (dir: string, ...args: string[]): Promise<Run> => {
  const { code, stdout, stderr } = await runCheck(args, dir);
  return readable({ status: code, stdout, stderr });
};

/** Runs `npm run check`'s script the way an author would, on one content folder. */
const checkCommand = async (dir: string, ...args: string[]): Promise<Run> => {
  const run = await new Promise<Run>((resolve) => {
    const child = execFile(
      process.execPath,
      ['src/cli/check.ts', ...args],
      { cwd: repoRoot, env: { ...process.env, ...env, CONTENT_DIR: dir } },
      (_error, stdout, stderr) => resolve({ status: child.exitCode, stdout, stderr }),
    );
  });
  return readable(run);
};

/**
 * Every rule, with every line `check` must print for it (paths relative to the content folder).
 * The whole output is compared, so a fixture that breaks a second rule by accident fails too.
 */
const rules: { rule: string; expected: string[] }[] = [
  {
    rule: 'id-not-a-slug',
    expected: [
      'research/not_a_slug.md:1:1: file name: expected a lowercase slug of letters, digits and single hyphens, like "x-does-y"',
      'research/not_a_slug.md:2:5: id: expected a lowercase slug of letters, digits and single hyphens, like "x-does-y"',
    ],
  },
  {
    rule: 'id-not-file-name',
    expected: ['research/id-not-file-name.md:2:5: id: must equal the file name, "id-not-file-name", got "some-other-id"'],
  },
  { rule: 'title-missing', expected: ['research/title-missing.md:2:1: title: required field is missing'] },
  { rule: 'title-multiline', expected: ['research/title-multiline.md:3:8: title: must be a single line'] },
  { rule: 'title-empty', expected: ['research/title-empty.md:3:8: title: must not be empty'] },
  {
    rule: 'kind-not-in-list',
    expected: ['research/kind-not-in-list.md:4:7: kind: expected one of nuance, support, gap, bug, change, got "nuace"'],
  },
  {
    rule: 'summary-too-many-sentences',
    expected: ['research/summary-too-many-sentences.md:5:10: summary: expected one to three sentences'],
  },
  { rule: 'summary-html', expected: ['research/summary-html.md:5:10: summary: must be plain text, without HTML'] },
  {
    rule: 'capabilities-empty',
    expected: ['research/capabilities-empty.md:6:15: capabilities: expected at least one capability id'],
  },
  {
    rule: 'capabilities-not-a-list',
    expected: ['research/capabilities-not-a-list.md:6:15: capabilities: expected a list of capability ids'],
  },
  {
    rule: 'capabilities-unknown',
    expected: [
      'research/capabilities-unknown.md:6:16: capabilities[0]: unknown capability "protocolversion" (did you mean "protocolVersions"?)',
    ],
  },
  {
    rule: 'clients-unknown',
    expected: ['research/clients-unknown.md:7:23: clients[1]: unknown client "hermes" (did you mean "hermes-agent"?)'],
  },
  {
    rule: 'specVersions-unknown',
    // No "did you mean": 2026-07-28 is three digits away, a different revision, not a typo.
    expected: ['research/specversions-unknown.md:8:16: specVersions[0]: unknown revision "2025-06-18"'],
  },
  {
    rule: 'sources-missing',
    expected: ['research/sources-missing.md:2:1: sources: required field is missing; expected a list of sources'],
  },
  {
    rule: 'source-url-not-http',
    expected: ['research/source-url-not-http.md:10:10: sources[0].url: expected an absolute http or https URL'],
  },
  {
    rule: 'source-commit-not-hex',
    expected: ['research/source-commit-not-hex.md:12:13: sources[0].commit: expected 7 to 40 hex digits'],
  },
  {
    rule: 'source-commit-too-short',
    expected: ['research/source-commit-too-short.md:12:13: sources[0].commit: expected 7 to 40 hex digits'],
  },
  {
    rule: 'source-commit-too-long',
    expected: ['research/source-commit-too-long.md:12:13: sources[0].commit: expected 7 to 40 hex digits'],
  },
  {
    rule: 'source-date-missing',
    expected: ['research/source-date-missing.md:10:5: sources[0].date: required field is missing'],
  },
  {
    rule: 'source-date-not-a-date',
    expected: [
      'research/source-date-not-a-date.md:14:11: sources[0].date: expected a date in the form YYYY-MM-DD, got "9 November 2026"',
    ],
  },
  {
    rule: 'source-date-not-real',
    expected: ['research/source-date-not-real.md:14:11: sources[0].date: expected a real calendar date, got "2026-02-30"'],
  },
  {
    rule: 'status-invalid',
    expected: ['research/status-invalid.md:15:9: status: expected one of current, superseded, retracted, got "outdated"'],
  },
  {
    rule: 'superseded-without-supersededBy',
    expected: [
      'research/superseded-without-supersededby.md:2:1: supersededBy: required when status is superseded: name the note that replaces this one',
    ],
  },
  {
    rule: 'supersededBy-unknown',
    expected: ['research/supersededby-unknown.md:16:15: supersededBy: unknown note "other-notes" (did you mean "other-note"?)'],
  },
  {
    rule: 'lastVerified-after-build-date',
    expected: [
      'research/lastverified-after-build-date.md:16:15: lastVerified: must not be after the build date (2026-11-30), got 2026-12-01',
    ],
  },
  {
    rule: 'related-unknown',
    expected: ['research/related-unknown.md:17:11: related[0]: unknown note "other-nite" (did you mean "other-note"?)'],
  },
  { rule: 'related-self', expected: ['research/related-self.md:17:23: related[1]: a note cannot be related to itself'] },
  { rule: 'related-repeated', expected: ['research/related-repeated.md:17:23: related[1]: "other-note" is listed twice'] },
  {
    rule: 'corrects-unknown',
    expected: ['research/corrects-unknown.md:17:12: corrects[0]: unknown note "other-nite" (did you mean "other-note"?)'],
  },
  { rule: 'corrects-self', expected: ['research/corrects-self.md:17:24: corrects[1]: a note cannot correct itself'] },
  {
    rule: 'corrects-repeated',
    expected: ['research/corrects-repeated.md:17:24: corrects[1]: "other-note" is listed twice'],
  },
  {
    rule: 'canonical-not-derived',
    expected: [
      'research/canonical-not-derived.md:17:12: canonical: must equal the derived URL https://canimcp.io/research/canonical-not-derived (or be left out), got "https://canimcp.io/research/some-other-id"',
    ],
  },
  {
    rule: 'last-updated-bad-date',
    expected: ['research/last-updated-bad-date.md:17:15: last-updated: expected a real calendar date, got "2026-11-31"'],
  },
  {
    rule: 'unknown-field-typo',
    expected: [
      'research/unknown-field-typo.md:2:1: title: required field is missing',
      'research/unknown-field-typo.md:3:1: titel: unknown field (did you mean "title"?); allowed fields are id, title, kind, summary, capabilities, clients, features, specVersions, sources, status, supersededBy, lastVerified, related, corrects, canonical, last-updated',
    ],
  },
  {
    rule: 'unknown-field-in-source',
    expected: [
      'research/unknown-field-in-source.md:12:5: sources[0].comit: unknown field (did you mean "commit"?); allowed fields are url, title, commit, path, date, capture, sha256',
    ],
  },
  {
    // A source's `title` indented by three spaces instead of four, at line 11; only that line is reported.
    rule: 'yaml-bad-indentation',
    expected: ['research/yaml-bad-indentation.md:11:1: invalid YAML frontmatter: Sequence item without - indicator (line 11)'],
  },
  {
    rule: 'yaml-tab-indentation',
    expected: ['research/yaml-tab-indentation.md:11:1: invalid YAML frontmatter: Tabs are not allowed as indentation (line 11)'],
  },
  {
    rule: 'yaml-duplicate-key',
    expected: ['research/yaml-duplicate-key.md:5:1: invalid YAML frontmatter: Map keys must be unique (line 5)'],
  },
  {
    // A "billion laughs" block: refused at its first anchor, before any parser expands it.
    rule: 'yaml-alias-expansion',
    expected: [
      'research/yaml-alias-expansion.md:18:5: invalid YAML frontmatter: anchors and aliases (&name, *name) are not allowed; write each value out (line 18)',
    ],
  },
  {
    // The reference note as first published, with `protocol: auto` unquoted in its summary.
    rule: 'unquoted-colon-in-value',
    expected: [
      'research/hermes-leads-with-the-legacy-handshake.md:5:1: summary: the value contains ": ", which YAML reads as the start of a nested mapping; quote the value ("…")',
    ],
  },
  {
    rule: 'missing-frontmatter',
    expected: ['research/missing-frontmatter.md:1:1: missing YAML frontmatter: the file must start with a line "---"'],
  },
  { rule: 'client-missing-name', expected: ['clients/client-missing-name.md:2:1: name: required field is missing'] },
  {
    rule: 'client-bad-homepage',
    expected: ['clients/client-bad-homepage.md:3:11: homepage: expected an absolute http or https URL'],
  },
  {
    rule: 'client-unknown-field',
    expected: [
      'clients/client-unknown-field.md:4:1: repo: unknown field (did you mean "repository"?); allowed fields are name, homepage, repository, clientInfoName, package, registry, core, sdk, support',
    ],
  },
  {
    rule: 'revision-bad-released',
    expected: ['revisions/2025-06-18.md:2:11: released: expected a date in the form YYYY-MM-DD, got "2025-6-18"'],
  },
  {
    rule: 'revision-bad-status',
    expected: ['revisions/2025-06-18.md:3:9: status: expected one of final, current, draft, got "published"'],
  },
  {
    rule: 'revision-bad-era',
    expected: ['revisions/2025-06-18.md:4:6: era: expected one of handshake, modern, got "legacy"'],
  },
  {
    rule: 'capability-missing-description',
    expected: ['capabilities/sampling.md:2:1: description: required field is missing'],
  },
  {
    rule: 'body-link-missing-client',
    expected: [
      'research/body-link-missing-client.md:19:5: link to /clients/hermes.md: no client "hermes" exists (did you mean "hermes-agent"?)',
    ],
  },
  {
    rule: 'body-link-missing-note',
    expected: [
      'research/body-link-missing-note.md:21:5: link to /research/no-such-note: no note "no-such-note" exists',
      'research/body-link-missing-note.md:21:44: link to /research/no-such-note.md: no note "no-such-note" exists',
    ],
  },
  {
    rule: 'support-unknown-note',
    expected: ['clients/hermes-agent.md:7:13: support[0].notes[0]: unknown note "base-nte" (did you mean "base-note"?)'],
  },
  {
    rule: 'support-unknown-revision',
    expected: ['clients/hermes-agent.md:5:15: support[0].revision: unknown revision "2025-11-26" (did you mean "2025-11-25"?)'],
  },
  {
    rule: 'support-unknown-capability',
    expected: [
      'clients/hermes-agent.md:5:17: support[0].capability: unknown capability "protocolVersion" (did you mean "protocolVersions"?)',
    ],
  },
  {
    rule: 'support-note-not-naming-client',
    expected: [
      'clients/hermes-agent.md:7:13: support[0].notes[0]: note "other-note" does not name this client (hermes-agent) in its clients, only fast-agent',
    ],
  },
  {
    rule: 'support-note-not-naming-revision',
    expected: [
      'clients/hermes-agent.md:7:13: support[0].notes[0]: note "base-note" does not name revision "2026-07-28" in its specVersions, only 2025-11-25',
    ],
  },
  {
    rule: 'support-note-not-naming-capability',
    expected: [
      'clients/hermes-agent.md:7:13: support[0].notes[0]: note "base-note" does not name capability "tools" in its capabilities, only protocolVersions',
    ],
  },
  {
    rule: 'support-unknown-feature',
    expected: ['clients/fast-agent.md:5:14: support[0].feature: unknown feature "tools.cal" (did you mean "tools.call"?)'],
  },
  {
    rule: 'support-note-not-naming-feature',
    expected: [
      'clients/fast-agent.md:7:13: support[0].notes[0]: note "other-note" does not name feature "tools.call" in its features',
    ],
  },
  {
    rule: 'feature-unknown-capability',
    expected: ['features/tools.result.isError.md:4:13: capability: unknown capability "toolz" (did you mean "tools"?)'],
  },
  {
    rule: 'feature-unknown-parent',
    expected: ['features/tools.result.isError.md:5:9: parent: unknown feature "tools.calls" (did you mean "tools.call"?)'],
  },
  {
    rule: 'feature-parent-cycle',
    expected: [
      'features/tools.call.md:5:9: parent: parents form a cycle (tools.call → tools.listChanged → tools.call): a feature cannot be its own ancestor',
      'features/tools.listChanged.md:5:9: parent: parents form a cycle (tools.listChanged → tools.call → tools.listChanged): a feature cannot be its own ancestor',
    ],
  },
  {
    rule: 'feature-spec-not-pinned',
    expected: [
      'features/tools.result.isError.md:7:5: spec[0].commit: required field is missing',
      'features/tools.result.isError.md:7:5: spec[0].path: required field is missing',
      'features/tools.result.isError.md:10:10: observe: expected one of handshake, server-request, model, auth, ui, code, got "modle"',
    ],
  },
  {
    rule: 'note-features-unknown',
    expected: ['research/note-features-unknown.md:8:12: features[0]: unknown feature "tools.cal" (did you mean "tools.call"?)'],
  },
  {
    rule: 'note-feature-capability-not-listed',
    expected: [
      'research/note-feature-capability-not-listed.md:8:12: features[0]: feature "tools.call" belongs to capability "tools", which is not among the note\'s capabilities (protocolVersions)',
    ],
  },
  {
    rule: 'source-repeated',
    expected: [
      'research/source-repeated.md:19:5: sources[2]: repeats sources[0] (the same url, commit and path); list each source once',
      'research/source-repeated.md:24:5: sources[3]: repeats sources[1] (the same capture); list each source once',
    ],
  },
  {
    rule: 'support-partial-without-caveat',
    expected: [
      'clients/hermes-agent.md:5:5: support[0].caveat: required when state is partial: say in one sentence what is missing',
    ],
  },
  { rule: 'support-caveat-two-sentences', expected: ['clients/hermes-agent.md:8:13: support[0].caveat: expected one sentence'] },
  {
    rule: 'support-second-verdict',
    expected: [
      'clients/hermes-agent.md:11:15: support[2].revision: a second verdict for revision "2025-11-25" (the first is support[0]); keep one verdict per cell and kind (one of another kind names it in evidence, one under a client setting names it in setting)',
    ],
  },
  {
    rule: 'support-evidence-missing',
    expected: [
      "clients/fast-agent.md:5:5: support[0].evidence: required: no note behind this verdict cites a capture of fast-agent, so say how it is known: read, documented, reported (read: its code at a pinned commit and lines; documented: its maker's docs, dated; reported: a third party, dated)",
    ],
  },
  {
    rule: 'support-second-observed',
    expected: [
      'clients/hermes-agent.md:12:12: support[1].notes: a second observed verdict for revision "2025-11-25" (the first is support[0]): both cite a capture of hermes-agent, and one observed verdict decides a cell; merge them, or cite the other kind\'s sources in a note without a capture',
    ],
  },
  {
    rule: 'support-both-revision-and-capability',
    expected: [
      'clients/hermes-agent.md:6:17: support[0].capability: give one of revision, capability or feature, not revision and capability: a verdict is about one of them',
    ],
  },
  {
    rule: 'support-neither-revision-nor-capability',
    expected: [
      'clients/hermes-agent.md:5:5: support[0]: expected revision, capability or feature: name what this verdict is about',
    ],
  },
  {
    rule: 'support-state-invalid',
    expected: ['clients/hermes-agent.md:6:12: support[0].state: expected one of yes, partial, no, got "maybe"'],
  },
  {
    rule: 'support-notes-missing',
    expected: [
      'clients/hermes-agent.md:5:5: support[0].notes: required field is missing; expected a list of note ids: a verdict needs the notes that prove it',
    ],
  },
  {
    rule: 'support-notes-empty',
    expected: [
      'clients/hermes-agent.md:7:12: support[0].notes: expected at least one note id: a verdict needs the notes that prove it',
    ],
  },
  {
    rule: 'support-evidence-withdrawn',
    expected: [
      'clients/hermes-agent.md:7:12: support[0].notes: every note behind this verdict is superseded or retracted (withdrawn-note: retracted): its evidence is gone; cite a current note',
    ],
  },
  {
    rule: 'support-evidence-unsupported',
    expected: [
      'clients/fast-agent.md:8:15: support[0].evidence: evidence is read, but no note behind this verdict cites code at a pinned commit with its lines (a source with commit and path: "file.ts:10-20")',
    ],
  },
  {
    rule: 'support-setting-bad',
    expected: [
      'clients/fast-agent.md:8:15: support[0].evidence: expected one of read, documented, reported, got "seen"',
      'clients/fast-agent.md:9:14: support[0].setting: expected <name>=<value>, a client setting such as useInstructions=true',
    ],
  },
  {
    rule: 'support-unknown-field',
    expected: [
      'clients/hermes-agent.md:8:5: support[0].versoin: unknown field (did you mean "version"?); allowed fields are revision, capability, feature, state, notes, caveat, version, evidence, setting, since',
    ],
  },
  {
    // Byte 0xE9, a Latin-1 "é", on line 21 after "Then comes a caf".
    rule: 'not-utf8',
    expected: ['research/not-utf8.md:21:17: not valid UTF-8: byte 0xE9 cannot stand here; save the file as UTF-8'],
  },
  {
    // Markers quoted in fenced, indented or inline code are the quoted source's, not the author's.
    rule: 'todo-marker-in-code',
    expected: ['research/todo-marker-in-code.md:35:39: a TODO left by npm run new: fill it in and delete the marker'],
  },
  {
    rule: 'todo-marker-left',
    expected: [
      'research/todo-marker-left.md:4:14: a TODO left by npm run new: fill it in and delete the marker',
      'research/todo-marker-left.md:23:1: a TODO left by npm run new: fill it in and delete the marker',
    ],
  },
  {
    rule: 'since-contradicted-by-captures',
    expected: [
      'clients/hermes-agent.md:9:12: support[0].since: the captures contradict it: captured 0.8.0, older than 0.9.0, already shows yes: write since "0.8.0" (the oldest captured: pages say "since at least") (runs: 0.8.0–0.9.0: yes)',
    ],
  },
  {
    // A revision's cell as the matrix reads it: the newest capture decides the written state.
    rule: 'state-contradicted-by-captures',
    expected: [
      'clients/hermes-agent.md:6:12: support[0].state: the captures its notes cite show yes at the newest version they decide, not no (runs: 0.9.0: yes): write the state the wire shows, or cite the captures that show otherwise',
    ],
  },
  {
    // A feature's cell as the lab's judges decide it: the older uncited capture shows it too.
    rule: 'feature-since-contradicted-by-captures',
    expected: [
      'clients/hermes-agent.md:9:12: support[0].since: the captures contradict it: captured 0.8.0, older than 0.9.0, already shows yes: write since "0.8.0" (the oldest captured: pages say "since at least") (runs: 0.8.0–0.9.0: yes)',
    ],
  },
  {
    rule: 'feature-state-contradicted-by-captures',
    expected: [
      'clients/hermes-agent.md:6:12: support[0].state: the captures its notes cite show yes at the newest version they decide, not no (runs: 0.9.0: yes): write the state the wire shows, or cite the captures that show otherwise',
    ],
  },
  {
    rule: 'feature-scenario-decides-nothing',
    expected: [
      'features/tools.listChanged.md:14:11: scenario: the tool-results scenario does not decide tools.listChanged; list-changed does',
    ],
  },
  {
    rule: 'capture-broken-line',
    expected: [
      'captures/fast-agent-broken-line.jsonl:3:41: not valid JSON: Unterminated string in JSON at position 40 (line 1 column 41)',
    ],
  },
  {
    rule: 'capture-event-invalid',
    expected: ['captures/fast-agent-event-invalid.jsonl:3:16: from: an HTTP response comes from the probe'],
  },
  {
    rule: 'capture-header-invalid',
    expected: [
      'captures/fast-agent-header-invalid.jsonl:1:93: path: expected one of cli, ide, desktop, hosted, sdk, got "terminal"',
      'captures/fast-agent-header-invalid.jsonl:1:151: capturedAt: expected an ISO 8601 UTC time like 2026-12-01T07:35:48Z',
      'captures/fast-agent-header-invalid.jsonl:1:192: extra: unknown field; allowed fields are capture, client, version, package, command, path, transport, persona, capturedAt, probe, scenario, model, face, setting',
    ],
  },
  {
    rule: 'capture-name-not-a-slug',
    expected: [
      'captures/Fast_Agent.jsonl:1:1: file name: expected a lowercase slug of letters, digits and single hyphens, like "x-does-y"',
    ],
  },
  {
    rule: 'capture-no-final-newline',
    expected: ['captures/fast-agent-no-final-newline.jsonl:5:68: the last line must end in a newline'],
  },
  {
    rule: 'capture-no-header',
    expected: [
      'captures/fast-agent-no-header.jsonl:1:1: capture: the first line must be the header ({"capture":1,"client":\u2026}), not an event',
    ],
  },
  {
    rule: 'capture-seq-gap',
    expected: ['captures/fast-agent-seq-gap.jsonl:4:1: seq: expected 3, got 5'],
  },
  {
    rule: 'capture-source-bad-sha256',
    expected: [
      'research/capture-source-bad-sha256.md:11:13: sources[0].sha256: expected 64 hex digits, the SHA-256 of the capture file',
    ],
  },
  {
    rule: 'capture-source-missing-sha256',
    expected: ['research/capture-source-missing-sha256.md:10:5: sources[0].sha256: required field is missing'],
  },
  {
    rule: 'capture-source-mixed',
    expected: [
      'research/capture-source-mixed.md:10:5: sources[0]: expected a web source (url, title, date) or a capture source (capture, sha256, title, date), not a mix of both',
    ],
  },
  {
    rule: 'capture-source-other-client',
    expected: [
      'research/capture-source-other-client.md:10:14: sources[0].capture: the capture is of the client "hermes-agent", which is not among the note\'s clients (fast-agent)',
    ],
  },
  {
    rule: 'capture-source-sha256-mismatch',
    expected: [
      'research/capture-sha256-mismatch.md:11:13: sources[0].sha256: does not match the capture file captures/hermes-agent-0-9-0-observe-stdio.jsonl, whose SHA-256 is a62f983cbb4001a1d8c6552c0180f3fc735dac9da0ff2674319b6f24da6da409: evidence must not change under a note',
    ],
  },
  {
    rule: 'capture-source-unknown',
    expected: [
      'research/capture-source-unknown.md:10:14: sources[0].capture: unknown capture "hermes-agent-0-9-0-observe-stdi" (did you mean "hermes-agent-0-9-0-observe-stdio"?)',
    ],
  },
  {
    rule: 'capture-t-backwards',
    expected: ['captures/fast-agent-t-backwards.jsonl:4:10: t: expected 5 or more (events are in time order), got 2'],
  },
  {
    rule: 'capture-unknown-client',
    expected: ['captures/fast-agnet-unknown-client.jsonl:1:14: client: unknown client "fast-agnet" (did you mean "fast-agent"?)'],
  },
  {
    rule: 'releases-unknown-client',
    expected: ['releases/fast-agnet.json:2:13: client: unknown client "fast-agnet" (did you mean "fast-agent"?)'],
  },
  {
    rule: 'releases-not-file-name',
    expected: [
      'releases/fast-agent.json:2:13: client: expected "fast-agent", the client this file is named for, got "hermes-agent"',
    ],
  },
  { rule: 'releases-bad-time', expected: ['releases/hermes-agent.json:7:14: versions.0.8.0: expected a real calendar time'] },
  {
    rule: 'releases-captured-version-missing',
    expected: [
      'releases/hermes-agent.json:6:15: versions: captured version "0.9.0" (capture hermes-agent-0-9-0-observe-stdio) is not listed; read the registry again with npm run probe -- releases hermes-agent',
    ],
  },
  {
    // A capture of another package than the list's (a platform package the lab installed) is a version the list does not date.
    rule: 'releases-captured-other-package',
    expected: [
      'releases/hermes-agent.json:6:15: versions: captured version "0.9.1" of hermes-agent-linux-x64 (capture hermes-agent-0-9-1-observe-stdio) has no date: this list is of hermes-agent; read the registry again with npm run probe -- releases hermes-agent',
    ],
  },
  {
    rule: 'capture-unredacted',
    expected: [
      'captures/fast-agent-unredacted.jsonl:3:62: target: the query parameter "token" must be redacted: its value must be "<redacted>"',
      'captures/fast-agent-unredacted.jsonl:3:91: headers[1]: the header "Authorization" must be redacted: its value must be "<redacted>"',
    ],
  },
  {
    rule: 'body-link-missing-capture',
    expected: [
      'research/body-link-missing-capture.md:17:5: link to /captures/hermes-agent-0-9-0-observe-stdi: no capture "hermes-agent-0-9-0-observe-stdi" exists (did you mean "hermes-agent-0-9-0-observe-stdio"?)',
    ],
  },
];

describe('npm run check, one broken fixture per rule', () => {
  test('every rule folder has a row in the table, and every row a folder', async () => {
    const folders = (await readdir(fixtures)).filter((name) => name !== 'base').sort();
    expect(folders).toEqual(rules.map(({ rule }) => rule).sort());
  });

  // Concurrent: each run is mostly waiting on file reads.
  test.concurrent.each(rules)(
    '$rule: exits 1 and prints exactly its problems as path:line:col: field: message',
    async ({ rule, expected }) => {
      const dir = await contentWith(rule);
      const run = await check(dir);
      expect(run.status).toBe(1);
      expect(lines(run.stdout)).toEqual(expected.map((line) => shown(dir, line)));
      expect(run.stderr).toContain(`${expected.length} problem${expected.length === 1 ? '' : 's'} found`);
    },
  );

  test('duplicate ids that differ only in case (they would share one URL)', async () => {
    // Made here rather than committed: a checkout on a case-insensitive disk cannot hold both files.
    const dir = await contentWith();
    const written = path.join(dir, 'capabilities/protocolversions.md');
    await writeFile(written, await readFile(path.join(dir, 'capabilities/protocolVersions.md')));
    const run = await check(dir);
    expect(run.status).toBe(1);
    // The second in the checker's file order (localeCompare) is the one reported.
    const [first, second] = ['protocolVersions', 'protocolversions'].sort((a, b) => a.localeCompare(b));
    expect(lines(run.stdout)).toEqual([
      `${shown(dir, `capabilities/${second}.md`)}:1:1: duplicate id: "${second}" differs from ${shown(dir, `capabilities/${first}.md`)} only in case, and they would share one URL`,
    ]);
  });

  test('the command passes the valid base (unquoted dates in specVersions, commit 0012345) with exit 0', async () => {
    const dir = await contentWith();
    const run = await checkCommand(dir);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim()).toBe('ok: 10 entries checked, no problems');
  });

  test('every problem of a folder with several broken files comes out in one run, in file order', async () => {
    const broken = [
      'client-bad-homepage',
      'clients-unknown',
      'kind-not-in-list',
      'revision-bad-era',
      'unquoted-colon-in-value',
      'yaml-duplicate-key',
    ];
    const dir = await contentWith(...broken);
    const run = await checkCommand(dir);
    expect(run.status).toBe(1);
    const expected = rules.filter(({ rule }) => broken.includes(rule)).flatMap(({ expected }) => expected);
    expect(lines(run.stdout)).toEqual(expected.sort((a, b) => a.localeCompare(b)).map((line) => shown(dir, line)));
    expect(run.stderr).toContain('6 problems found');
  });

  test("every problem of a client's verdicts comes out in one run, each at its field", async () => {
    const dir = await contentWith();
    const client = [
      '---',
      'name: Hermes Agent',
      'homepage: https://example.com/hermes-agent',
      'support:',
      '  - revision: 2025-11-25',
      '    state: partial',
      '    notes: [base-nte, other-note]',
      '  - capability: tools',
      '    state: maybe',
      '    notes: [base-note]',
      '---',
      '',
    ].join('\n');
    await writeFile(path.join(dir, 'clients/hermes-agent.md'), client);
    const run = await check(dir);
    expect(run.status).toBe(1);
    const file = shown(dir, 'clients/hermes-agent.md');
    expect(lines(run.stdout)).toEqual([
      `${file}:5:5: support[0].caveat: required when state is partial: say in one sentence what is missing`,
      `${file}:5:5: support[0].evidence: required: no note behind this verdict cites a capture of hermes-agent, so say how it is known: read, documented, reported (read: its code at a pinned commit and lines; documented: its maker's docs, dated; reported: a third party, dated)`,
      `${file}:7:13: support[0].notes[0]: unknown note "base-nte" (did you mean "base-note"?)`,
      `${file}:7:23: support[0].notes[1]: note "other-note" does not name this client (hermes-agent) in its clients, only fast-agent`,
      `${file}:7:23: support[0].notes[1]: note "other-note" does not name revision "2025-11-25" in its specVersions, only 2026-07-28`,
      `${file}:9:12: support[1].state: expected one of yes, partial, no, got "maybe"`,
      `${file}:10:13: support[1].notes[0]: note "base-note" does not name capability "tools" in its capabilities, only protocolVersions`,
    ]);
  });

  test('a folder named like an entry (research/x.md/) is not read as one', async () => {
    const dir = await contentWith();
    await mkdir(path.join(dir, 'research/notes.md'));
    expect((await check(dir)).status).toBe(0);
  });

  test('a missing content folder is a problem per collection, not a crash', async () => {
    const dir = path.join(tmpdir(), 'canimcp-check-does-not-exist');
    const run = await check(dir);
    expect(run.status).toBe(1);
    expect(lines(run.stdout)).toEqual(
      ['capabilities', 'clients', 'research', 'revisions'].map(
        (name) => `${shown(dir, name)}:1:1: missing folder: expected ${name}/ in the content folder`,
      ),
    );
  });
});

// Concurrent: most of these run the command, mostly Node's start-up time.
describe.concurrent('npm run check, output formats and options', () => {
  const kind = 'research/kind-not-in-list.md';
  const message = 'kind: expected one of nuance, support, gap, bug, change, got "nuace"';

  test('--format github prints one workflow annotation per problem', async () => {
    const dir = await contentWith('kind-not-in-list', 'unquoted-colon-in-value');
    const run = await checkCommand(dir, '--format', 'github');
    expect(run.status).toBe(1);
    expect(lines(run.stdout)).toEqual([
      `::error file=${shown(dir, 'research/hermes-leads-with-the-legacy-handshake.md')},line=5,col=1::summary: the value contains ": ", which YAML reads as the start of a nested mapping; quote the value ("…")`,
      `::error file=${shown(dir, kind)},line=4,col=7::${message}`,
    ]);
  });

  test('--format json prints every problem as data', async () => {
    const dir = await contentWith('kind-not-in-list', 'missing-frontmatter');
    const run = await checkCommand(dir, '--format', 'json');
    expect(run.status).toBe(1);
    expect(JSON.parse(run.stdout)).toEqual({
      problems: [
        {
          file: shown(dir, kind),
          line: 4,
          column: 7,
          field: 'kind',
          message: 'expected one of nuance, support, gap, bug, change, got "nuace"',
        },
        {
          file: shown(dir, 'research/missing-frontmatter.md'),
          line: 1,
          column: 1,
          message: 'missing YAML frontmatter: the file must start with a line "---"',
        },
      ],
    });
  });

  test('--format json on valid content is an empty list and exit 0', async () => {
    const run = await check(await contentWith(), '--format', 'json');
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ problems: [] });
  });

  test('--stale 180 lists notes last verified more than 180 days ago, oldest first, and exits 0', async () => {
    const dir = await contentWith();
    const verify = async (file: string, date: string) => {
      const target = path.join(dir, file);
      await writeFile(target, (await readFile(target, 'utf8')).replace(/^lastVerified: .*$/m, `lastVerified: ${date}`));
    };
    await verify('research/base-note.md', '2026-03-01');
    await verify('research/other-note.md', '2025-01-10');
    const run = await checkCommand(dir, '--stale', '180');
    expect(run.status).toBe(0);
    expect(lines(run.stdout)).toEqual([
      `${shown(dir, 'research/other-note.md')}: last verified 2025-01-10 (689 days ago) · clients: fast-agent`,
      `${shown(dir, 'research/base-note.md')}: last verified 2026-03-01 (274 days ago) · clients: hermes-agent, fast-agent`,
      '2 notes last verified more than 180 days ago',
    ]);
    // 274 days is within a 300-day limit.
    expect(lines((await check(dir, '--stale', '300')).stdout)).toEqual([
      `${shown(dir, 'research/other-note.md')}: last verified 2025-01-10 (689 days ago) · clients: fast-agent`,
      '1 note last verified more than 300 days ago',
    ]);
  });

  test('bad options get one readable line and exit 2', async () => {
    const dir = await contentWith();
    const format = await checkCommand(dir, '--format', 'xml');
    expect(format.status).toBe(2);
    expect(format.stderr.trim()).toBe('error: --format: expected human, github or json, got "xml"');
    const stale = await check(dir, '--stale', 'soon');
    expect(stale.status).toBe(2);
    expect(stale.stderr.trim()).toBe('error: --stale: expected a whole number of days, got "soon"');
    const unknown = await check(dir, '--fromat', 'json');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toBe('error: unknown option --fromat; npm run check -- --help lists the options\n');
  });
});
