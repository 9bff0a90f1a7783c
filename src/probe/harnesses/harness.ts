/**
 * A harness as a kit: a library's client run by the smallest program its docs show (one file per
 * library beside this one), with the MCP server attached and the model pointed at the stand-in. The
 * lab copies the program into the run's working folder with a `server.json` naming the probe (a
 * stdio command, or a URL), starts it with the task as its first argument and a setting it flips
 * (`name=value`) after it, and points the library's model at the stand-in the way its docs say (an
 * environment variable, a base URL). Each setting is a face of the kit, so a capture names it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ModelApiName } from '../../lib/lab/model-apis/index.ts';
import type { CaptureTransport } from '../../schema/capture.ts';
import type { Registry } from '../lab/install.ts';
import type { Face, HarnessInfo, Kit, KitContext, KitFile } from '../kits/kit.ts';

/** The languages a harness is written in: each decides how the program is started. */
export type HarnessLanguage = 'python' | 'node' | 'java';

/** A setting a harness can flip, run as a face of its own. */
export interface HarnessSetting {
  /** `<name>=<value>`, as the capture's header and a verdict's `setting` name it. */
  setting: string;
  /** What the library does with it, in words. */
  speaks: string;
}

/** What a harness says about itself: the kit is made from it. */
export interface HarnessSpec extends HarnessInfo {
  /** The client's id in content/clients/. */
  client: string;
  /** The registry package (npm, PyPI), Maven `group:artifact`. */
  package: string;
  registry: Registry;
  /** Packages the program needs beside the library (a model SDK), at a version of the library. */
  requires?: (version: string) => readonly string[];
  language: HarnessLanguage;
  /** The model API the library speaks, and the environment that points it at the stand-in (`modelUrl` has no path). */
  modelApi: ModelApiName;
  modelEnv: (context: KitContext) => Record<string, string>;
  /** Settings it can flip from its defaults, each a face after the default one. */
  settings?: readonly HarnessSetting[];
  /** Which client speaks, in words. */
  speaks: string;
  /** What every run cannot show. */
  cannotShow: string;
  transports?: readonly CaptureTransport[];
  timeLimit?: number;
  /** Set where the library cannot be run here, saying exactly what stops it. */
  blocked?: string;
}

/** The program's source, as committed beside this module (an absolute path: a test's own program). */
export const harnessSource = (file: string): string =>
  readFileSync(path.isAbsolute(file) ? file : path.join(import.meta.dirname, file), 'utf8');

/** The probe as `server.json` names it: `{command, args}` over stdio, `{url}` over HTTP. */
export const serverJson = (context: KitContext): Record<string, unknown> =>
  context.server.transport === 'stdio'
    ? { command: context.server.launch.command, args: context.server.launch.args }
    : { url: context.server.url };

/** The binary and the arguments before the program's own for a language; the prefix is the install's. */
const launcher = (language: HarnessLanguage, prefix: string, file: string): { bin: string; before: string[] } => {
  switch (language) {
    case 'python':
      return { bin: 'python', before: [file] };
    case 'node':
      return { bin: 'node', before: [file] };
    case 'java':
      // Java's single-file source launcher: the program compiles in memory against the jars.
      return { bin: 'java', before: ['-cp', `${prefix}/lib/*`, file] };
  }
};

/** The executable for a language: the venv's Python, this Node, the system's Java. */
const programFor = (language: HarnessLanguage) => (prefix: string) =>
  language === 'python' ? path.join(prefix, 'bin', 'python') : language === 'node' ? process.execPath : 'java';

/** The kit that runs a harness: its default face first, then one face per setting. */
export const harnessKit = (spec: HarnessSpec): Kit => {
  const file = path.basename(spec.file);
  const { bin } = launcher(spec.language, '.', file);
  const files = (context: KitContext): KitFile[] => [
    { path: path.join(context.work, file), text: harnessSource(spec.file) },
    { path: path.join(context.work, 'server.json'), json: serverJson(context) },
    // Node resolves the program's bare imports from the installed packages, as in a project of its own.
    ...(spec.language === 'node'
      ? [{ path: path.join(context.work, 'node_modules'), link: path.join(context.prefix, 'node_modules') }]
      : []),
  ];
  const face = (setting?: HarnessSetting): Face => ({
    name: setting === undefined ? 'harness' : setting.setting.replace('=', '-'),
    args: ({ prefix, prompt }) => [
      ...launcher(spec.language, prefix, file).before,
      prompt,
      ...(setting === undefined ? [] : [setting.setting]),
    ],
    speaks:
      setting === undefined ? `${spec.speaks}, at its defaults` : `${spec.speaks}, with ${setting.setting}: ${setting.speaks}`,
    session: true,
    cannotShow: 'what an application that changes other defaults sends',
    kind: 'harness',
    ...(setting === undefined ? {} : { setting: setting.setting }),
  });
  return {
    client: spec.client,
    package: spec.package,
    registry: spec.registry,
    ...(spec.requires === undefined ? {} : { requires: spec.requires }),
    bin,
    program: programFor(spec.language),
    transports: spec.transports ?? ['stdio', 'http'],
    server: (context) => ({ files: files(context) }),
    model: { api: spec.modelApi, setup: (context) => ({ env: spec.modelEnv(context) }) },
    faces: [face(), ...(spec.settings ?? []).map(face)],
    scenarioFace: 'harness',
    timeLimit: spec.timeLimit ?? 90,
    cannotShow: spec.cannotShow,
    path: 'sdk',
    harness: {
      file: spec.file,
      doc: spec.doc,
      model: spec.model,
      ...(spec.differs === undefined ? {} : { differs: spec.differs }),
    },
    ...(spec.blocked === undefined ? {} : { blocked: spec.blocked }),
  };
};
