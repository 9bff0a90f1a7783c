/**
 * `npm run probe -- <command>`: the capture lab, a local MCP server that records what a client sends.
 *   stdio  --persona P --out DIR [--client ID --client-version V --package --command --path --time-limit]
 *          serve one client on standard input and output (what `config` launches)
 *   http   the same flags, and --port N [--reply json|sse]: Streamable HTTP at http://127.0.0.1:N/mcp
 *   config the same flags: print the {"command","args"} that launches `stdio`
 *          --scenario NAME plays a lab scenario after the handshake (see `scenarios`)
 *   scenarios [--format json]: the lab scenarios and the features each decides
 *   facts  <capture.jsonl> [--format json]: the feature facts a capture establishes
 *   draft  <capture.jsonl> [--note FILE]: the facts a capture establishes, a note draft, verdict proposals
 *   run    <client> [--version V] [--scenario S] [--transport stdio|http] [--face NAME] [--persona P]
 *          [--keep] [--no-sandbox]: run the client's kit (src/probe/kits/) inside bubblewrap with the
 *          stand-in model, write its capture into content/captures/ and print its path last
 *   run-inside <run.json>: the part of `run` that runs inside the sandbox
 *   help   this text
 */
import { readServeOptions } from '../probe/flags.ts';
import { launchConfig } from '../probe/launch.ts';
import { startHttp, startStdio } from '../probe/capture-run.ts';
import { asksHelp, headerHelp, UsageError } from '../node/command-line.ts';
import { fail } from './fail.ts';

const usage =
  'usage: npm run probe -- <stdio|http|config|scenarios|facts|draft|run> …  (see CONTRIBUTING.md, "Capturing a client")';

const onSignals = (stop: (reason: string) => void) => {
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.once(signal, () => stop(`the probe received ${signal}`));
};

const main = async () => {
  const [command, ...rest] = process.argv.slice(2);
  // `--help` anywhere before a `--` (after a command too): the file's own header is the reference.
  if (command === 'help' || asksHelp(process.argv.slice(2))) {
    console.log(`${headerHelp(import.meta.url)}\n${usage}`);
    return;
  }
  switch (command) {
    case 'stdio': {
      const { run } = startStdio(readServeOptions(rest, process.cwd()));
      onSignals(run.stop);
      await run.done;
      // Standard input may still be open (a client that never closes): end the process, not wait.
      return process.exit(0);
    }
    case 'http': {
      const options = readServeOptions(rest, process.cwd());
      const { run, recorder } = await startHttp(options);
      console.error(
        `probe: serving ${run.url}, recording to ${recorder.file ?? `${options.out} (named once the client says who it is)`}`,
      );
      onSignals(run.stop);
      const end = await run.done;
      console.error(`probe: stopped (${end}); capture ${recorder.file ?? '(none)'}`);
      break;
    }
    case 'config':
      console.log(JSON.stringify(launchConfig(readServeOptions(rest, process.cwd()))));
      break;
    case 'scenarios':
      process.exitCode = (await import('../probe/facts-command.ts')).runScenarios(rest);
      break;
    case 'facts':
      process.exitCode = (await import('../probe/facts-command.ts')).runFacts(rest);
      break;
    case 'draft':
      // Loaded on demand: `stdio` starts inside a client's time limit and needs none of it.
      process.exitCode = await (await import('../probe/draft-command.ts')).runDraft(rest);
      break;
    case 'run':
      process.exitCode = await (await import('../probe/run-command.ts')).runKitCommand(rest);
      break;
    case 'run-inside':
      process.exitCode = await (await import('../probe/run-command.ts')).runInsideCommand(rest);
      break;
    default:
      throw new UsageError(command === undefined ? usage : `unknown command ${JSON.stringify(command)}; ${usage}`);
  }
};

main().catch(fail);
