/**
 * `npm run probe -- scenarios [--format json]` lists the lab's scenarios with the features each
 * decides; `npm run probe -- facts <capture.jsonl> [--format json]` prints the feature facts a
 * capture establishes (src/lib/scenarios/index.ts, judgeCapture), each with the events that show it.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { formatProblem } from '../lib/content/problems.ts';
import { decidedBy, judgeCapture, scenarios } from '../lib/scenarios/index.ts';
import { contentDir } from '../node/paths.ts';
import { clientIds, readCapture } from './read-capture.ts';

const formatOf = (argv: readonly string[]) => {
  const { values, positionals } = parseArgs({
    args: [...argv],
    options: { format: { type: 'string', default: 'text' } },
    allowPositionals: true,
  });
  if (values.format !== 'text' && values.format !== 'json')
    throw new Error(`--format: expected text or json, got ${JSON.stringify(values.format)}`);
  return { format: values.format, positionals };
};

/** Runs `scenarios`. */
export const runScenarios = (argv: readonly string[]): number => {
  const { format, positionals } = formatOf(argv);
  if (positionals.length > 0) throw new Error(`scenarios: unexpected argument ${JSON.stringify(positionals[0])}`);
  const list = scenarios.map((scenario) => ({
    name: scenario.name,
    revision: scenario.revision,
    features: decidedBy(scenario),
  }));
  process.stdout.write(
    format === 'json'
      ? `${JSON.stringify(
          list.map(({ name, features }) => ({ name, features })),
          null,
          2,
        )}\n`
      : `${list.map((item) => `${item.name} (${item.revision}): ${item.features.join(', ')}`).join('\n')}\n`,
  );
  return 0;
};

/** Runs `facts`; the exit code is 1 where the capture does not pass the capture rules. */
export const runFacts = (argv: readonly string[]): number => {
  const { format, positionals } = formatOf(argv);
  const [file] = positionals;
  if (file === undefined) throw new Error('facts: expected a capture file, e.g. content/captures/<id>.jsonl');
  const { capture, problems } = readCapture(path.resolve(file), clientIds(contentDir()));
  if (capture === undefined) {
    for (const problem of problems) console.error(formatProblem(problem));
    return 1;
  }
  const facts = judgeCapture(capture);
  process.stdout.write(
    format === 'json'
      ? `${JSON.stringify(facts, null, 2)}\n`
      : `${facts.map((item) => `${item.feature}: ${item.state}: ${item.detail}${item.seq.length > 0 ? ` (seq ${item.seq.join(', ')})` : ''}`).join('\n')}\n`,
  );
  return 0;
};
