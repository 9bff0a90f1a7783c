/**
 * `npm run drift` as data: what it prints and its exit code, so the command and its tests share one
 * implementation. The content folder, the project root and the environment are passed in.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { captureIndex } from '../lib/content/capture-rules.ts';
import { formatProblem } from '../lib/content/problems.ts';
import { readCaptureFiles } from '../node/captures.ts';
import { loadContent } from '../node/content.ts';
import type { DriftReport } from '../schema/drift.ts';
import { EXIT, exitCode, findings, formatAnnotation, formatFinding, summary } from './format.ts';
import { recapture } from './recapture.ts';
import { checkReleases, observedClients, staleVerdicts } from './releases.ts';
import { writeReport } from './report.ts';
import { checkSources, pinnedSources } from './sources.ts';
import { buildDate, siteOrigin } from '../node/environment.ts';
import { usageError } from '../node/command-line.ts';

/** The command's whole output and exit code. */
export interface DriftOutput {
  code: number;
  stdout: string;
  stderr: string;
}

/** Where drift runs: the content, the project, and the environment it reads its settings from. */
export interface DriftContext {
  contentDir: string;
  root: string;
  env: NodeJS.ProcessEnv;
}

/** `--help`. */
export const HELP = `npm run drift -- [options]

Lists what may no longer hold: verdicts checked on a client version older than the newest release of
the client's registry package (re-captures first, for verdicts observed in a capture), and web sources
pinned to a commit and a path whose cited lines changed on the repository's default branch.

Options:
  --format human|json|github   path:line:col lines (default), the report as JSON, or GitHub annotations
  --write                      also write the report to <content>/drift.json, which the build shows
  --recapture                  run the capture lab (npm run probe -- run <client> --version <newest>)
                               for each client to re-capture, and print what changed
  --timeout SECONDS            time limit of each registry query and git call (default 60; a clone or
                               fetch of a repository gets ten times as long)
  --cache DIR                  where repositories are cloned and kept (default node_modules/.cache/canimcp-drift)
  --rewrite FROM=TO            fetch URLs starting with FROM from TO instead (git's url.<TO>.insteadOf), repeatable
  --help                       this text

Environment: DRIFT_NPM (the npm command, default npm), DRIFT_CACHE_DIR, DRIFT_URL_REWRITE (FROM=TO),
DRIFT_PROBE (the command before "run <client> --version <v>", default "npm run --silent probe --").

Exit codes, added up: 0 nothing may be stale; 1 something may be stale; 2 something could not be
checked (a registry or a repository unreachable); 4 drift could not do what was asked (a bad option,
content with problems, --recapture without the capture lab or a failed capture). So 3 is stale and
unreachable at once.
`;

const failed = (message: string): DriftOutput => ({ code: EXIT.failed, stdout: '', stderr: `error: ${message}\n` });

const rewrite = (text: string): readonly [string, string] | undefined => {
  const at = text.indexOf('=');
  return at > 0 && at < text.length - 1 ? [text.slice(0, at), text.slice(at + 1)] : undefined;
};

/** Runs drift with the command's options. */
export const runDrift = async (argv: readonly string[], context: DriftContext): Promise<DriftOutput> => {
  let values: {
    format: string;
    write: boolean;
    recapture: boolean;
    timeout?: string;
    cache?: string;
    rewrite?: string[];
    help: boolean;
  };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        format: { type: 'string', default: 'human' },
        write: { type: 'boolean', default: false },
        recapture: { type: 'boolean', default: false },
        timeout: { type: 'string' },
        cache: { type: 'string' },
        rewrite: { type: 'string', multiple: true },
        help: { type: 'boolean', default: false },
      },
      allowPositionals: false,
    }));
  } catch (error) {
    // One line, as every command words it; the exit code stays drift's own 4 (2 says "unreachable" here).
    const usage = usageError(error, 'npm run drift');
    if (usage === undefined) throw error;
    return failed(usage.message);
  }
  if (values.help) return { code: 0, stdout: HELP, stderr: '' };
  const { format } = values;
  if (format !== 'human' && format !== 'github' && format !== 'json') {
    return failed(`--format: expected human, github or json, got ${JSON.stringify(format)}`);
  }
  const seconds = Number(values.timeout ?? '60');
  if (!Number.isFinite(seconds) || seconds <= 0)
    return failed(`--timeout: expected a number of seconds, got ${JSON.stringify(values.timeout)}`);
  const rewrites: (readonly [string, string])[] = [];
  for (const text of [
    ...(context.env['DRIFT_URL_REWRITE'] ? [context.env['DRIFT_URL_REWRITE']] : []),
    ...(values.rewrite ?? []),
  ]) {
    const pair = rewrite(text);
    if (pair === undefined) return failed(`--rewrite: expected FROM=TO, got ${JSON.stringify(text)}`);
    rewrites.push(pair);
  }
  const timeoutMs = seconds * 1000;
  const cacheDir = path.resolve(
    context.root,
    values.cache ?? (context.env['DRIFT_CACHE_DIR'] || path.join('node_modules', '.cache', 'canimcp-drift')),
  );

  const { content, problems } = await loadContent(context.contentDir, { origin: siteOrigin(), today: buildDate() });
  if (problems.length > 0) {
    return {
      code: EXIT.failed,
      stdout: '',
      stderr: `${problems.map(formatProblem).join('\n')}\nerror: the content has ${problems.length} problem(s); fix them (npm run check) before looking for drift\n`,
    };
  }
  const root = process.cwd();
  const captures = captureIndex(await readCaptureFiles(context.contentDir));
  const captureClients = new Map([...captures].map(([id, item]) => [id, item.client]));
  const [releases, sources] = await Promise.all([
    checkReleases(content.clients, { npm: context.env['DRIFT_NPM'] || 'npm', timeoutMs, env: context.env }, root),
    checkSources(pinnedSources(content.research, root), { cacheDir, timeoutMs, rewrites, env: context.env }),
  ]);
  const report: DriftReport = {
    drift: 1,
    checked: buildDate(),
    releases,
    verdicts: staleVerdicts(content.clients, releases, observedClients(content.research, captureClients), root),
    sources,
  };

  let code = exitCode(report);
  const extra: string[] = [];
  if (values.recapture) {
    const probe = context.env['DRIFT_PROBE']?.trim();
    const result = await recapture(report.verdicts, {
      root: context.root,
      contentDir: context.contentDir,
      ...(probe ? { command: probe.split(/\s+/) } : {}),
      timeoutMs: Math.max(timeoutMs, 600_000),
      env: context.env,
      clients: new Set(content.clients.map((client) => client.id)),
    });
    extra.push(...result.lines);
    if (result.failed) code += EXIT.failed;
  }
  if (values.write) extra.push(`wrote ${path.relative(root, await writeReport(context.contentDir, report)) || 'drift.json'}`);

  const all = findings(report);
  const stdout =
    format === 'json'
      ? `${JSON.stringify(report, null, 2)}\n`
      : all.map((finding) => `${format === 'github' ? formatAnnotation(finding) : formatFinding(finding)}\n`).join('');
  // A verdict without a version cannot be compared with a release: say how many, so none hides.
  const packaged = new Set(releases.map((release) => release.client));
  const unversioned = content.clients
    .filter((client) => packaged.has(client.id))
    .flatMap((client) => (client.data.support ?? []).filter((verdict) => verdict.version === undefined).map(() => client.id));
  const unversionedLine =
    unversioned.length === 0
      ? []
      : [
          `${unversioned.length} verdict(s) of ${[...new Set(unversioned)].join(', ')} name no version, so no release was compared with them`,
        ];
  const stderr = [...extra, ...(format === 'json' ? [] : [summary(report), ...unversionedLine])]
    .map((line) => `${line}\n`)
    .join('');
  return { code, stdout, stderr };
};
