/**
 * The site's data as an npm package (`canimcp-data`), the way `@mdn/browser-compat-data` ships
 * MDN's: the published feature, matrix and client JSON byte for byte, TypeScript declarations made
 * from the same zod schemas as the build's checks, and `lookup`, compiled from the pure module the
 * site uses, so a server can map the `clientInfo` it sees to feature states at run time.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import ts from 'typescript';
import { declarations } from '../lib/package/json-schema-to-ts.ts';
import { jsonSchemas } from '../lib/outputs/jsonschema.ts';
import { cellStates } from '../schema/index.ts';
import { dataFiles } from './published-data.ts';
import { repoRoot } from './paths.ts';

/** The package's name on the registry. */
export const DATA_PACKAGE_NAME = 'canimcp-data';

/** The module the package's `lookup` is compiled from, and the folder its imports are resolved under. */
const LOOKUP_MODULE = 'src/lib/features/lookup.ts';
const LIB_ROOT = 'src/lib';

/** The relative imports of a module's text, as written. */
const importsOf = (source: string): string[] =>
  [...source.matchAll(/^\s*(?:import|export)\s(?!type\s)[^'"]*?from\s+['"](\.[^'"]+)['"]/gm)].map((match) => match[1] as string);

/** `lookup` and every module it imports, as JavaScript files under `lib/` (paths as under src/lib). */
const compiledLookup = async (): Promise<Map<string, string>> => {
  const out = new Map<string, string>();
  const visit = async (file: string) => {
    const relative = path.relative(path.join(repoRoot, LIB_ROOT), file);
    const target = path.join('lib', relative).replace(/\.ts$/, '.js');
    if (out.has(target)) return;
    const source = await readFile(file, 'utf8');
    const { outputText, diagnostics } = ts.transpileModule(source, {
      fileName: file,
      reportDiagnostics: true,
      compilerOptions: {
        module: ts.ModuleKind.ESNext,
        target: ts.ScriptTarget.ES2022,
        rewriteRelativeImportExtensions: true,
        removeComments: false,
      },
    });
    if (diagnostics !== undefined && diagnostics.length > 0)
      throw new Error(`${relative}: ${ts.flattenDiagnosticMessageText(diagnostics[0]?.messageText ?? '', '\n')}`);
    out.set(target, outputText);
    for (const specifier of importsOf(source)) {
      const next = path.resolve(path.dirname(file), specifier);
      if (!next.startsWith(path.join(repoRoot, LIB_ROOT) + path.sep))
        throw new Error(`${relative} imports ${specifier}, outside src/lib: the package ships only pure modules`);
      await visit(next);
    }
  };
  await visit(path.join(repoRoot, LOOKUP_MODULE));
  return out;
};

const indexJs = `// canimcp's published data, and lookup() over it.
import features from './data/features.json' with { type: 'json' };
import matrix from './data/matrix.json' with { type: 'json' };
import clients from './data/clients.json' with { type: 'json' };
import { lookup as lookupIn } from './lib/features/lookup.js';

export { features, matrix, clients, lookupIn };

const cells = Array.isArray(features) ? features : features.cells;

/** The client a server is talking to, its version, and its feature states at that version; null for a client the data does not know. */
export const lookup = (seen) => lookupIn({ clients, features: cells }, seen);
`;

const indexDts = (typeNames: string[]) => `// canimcp's published data, and lookup() over it.
import type { ${typeNames.join(', ')} } from './types.js';
export type * from './types.js';

/** A feature's state for one client version; \`unknown\` is never \`no\`. */
export type FeatureState = ${cellStates.map((state) => `'${state}'`).join(' | ')};

/** What a server saw: the \`initialize\` request's \`clientInfo\`, and the HTTP User-Agent where there was one. */
export interface Seen {
  clientInfo: { name: string; version?: string; [key: string]: unknown };
  userAgent?: string;
}

/** The client, the version it said, and every feature's state at that version (from its version runs). */
export interface LookupResult {
  client: string;
  /** The version the client sent. */
  version: string;
  /** False where the client sends a placeholder version (or none): the client is known, its release is not. */
  versionKnown: boolean;
  /** The captured version whose states these are, where they are not the sent version's own: the newest captured release that sent a placeholder, or the newest captured where the version is newer. */
  extrapolatedFrom?: string;
  features: Record<string, FeatureState>;
}

/** \`/data/features.json\`. */
export declare const features: ${typeNames[0]};
/** \`/data/matrix.json\`. */
export declare const matrix: ${typeNames[1]};
/** \`/data/clients.json\`. */
export declare const clients: ${typeNames[2]};

/** The client a server is talking to, its version, and its feature states; null for a client the data does not know. */
export declare function lookup(seen: Seen): LookupResult | null;
/** The same over data of your own choosing. */
export declare function lookupIn(data: { clients: readonly unknown[]; features: readonly unknown[] }, seen: Seen): LookupResult | null;
`;

const readme = (origin: string, generated: string) => `# ${DATA_PACKAGE_NAME}

What [canimcp](${origin}) has observed of MCP clients, as data: per client and feature, whether it
works, in which captured versions, and the evidence (${origin}/features). Generated ${generated}
from the site's published JSON; each state is exactly as good as the captures and notes behind it,
and \`unknown\` means nobody has observed it yet, never \`no\`.

\`\`\`js
import { lookup } from '${DATA_PACKAGE_NAME}';
// In your server's initialize handler:
const seen = lookup({ clientInfo: request.params.clientInfo, userAgent: headers['user-agent'] });
if (seen?.features['tools.result.structuredContent'] !== 'yes') {
  // send the result as text as well
}
\`\`\`

\`versionKnown\` is false where the client sends a placeholder version (Copilot CLI's \`0.0.0\`, Amp's
\`0.0.0-dev\`): the client is known, its release is not, and the states are those of the newest
captured release that sent it, named in \`extrapolatedFrom\`. A version newer than any captured gets
the newest captured version's states, named there too.

\`features\`, \`matrix\` and \`clients\` are the site's \`/data/*.json\`; their types are in \`types.d.ts\`.
`;

/** The package's version: its data's day, so a newer package is newer data (\`0.20261202.0\`). */
export const packageVersion = (day: string): string => `0.${day.replaceAll('-', '')}.0`;

/** Writes the package folder from a built site's \`data/\` files; returns the folder. */
export const writeDataPackage = async (site: string, out: string, options: { origin: string; day: string }): Promise<string> => {
  await rm(out, { recursive: true, force: true });
  await mkdir(path.join(out, 'data'), { recursive: true });
  for (const name of dataFiles) await writeFile(path.join(out, 'data', name), await readFile(path.join(site, 'data', name)));
  const schemas = jsonSchemas(options.origin) as Record<string, unknown>;
  const typeNames = ['FeaturesExport', 'MatrixExport', 'ClientsExport'];
  const types = declarations({
    FeaturesExport: schemas['features-export'] ?? true,
    MatrixExport: schemas['matrix-export'],
    ClientsExport: schemas['clients-export'],
  });
  await writeFile(
    path.join(out, 'types.d.ts'),
    `// Generated from canimcp's zod schemas (src/schema/export.ts); do not edit.\n${types}`,
  );
  await writeFile(path.join(out, 'index.d.ts'), indexDts(typeNames));
  await writeFile(path.join(out, 'index.js'), indexJs);
  for (const [file, text] of await compiledLookup()) {
    await mkdir(path.dirname(path.join(out, file)), { recursive: true });
    await writeFile(path.join(out, file), text);
  }
  await writeFile(path.join(out, 'README.md'), readme(options.origin, options.day));
  const manifest = {
    name: DATA_PACKAGE_NAME,
    version: packageVersion(options.day),
    description: "How MCP clients really behave, per client, feature and version, with the evidence: canimcp's published data.",
    type: 'module',
    main: './index.js',
    types: './index.d.ts',
    exports: { '.': { types: './index.d.ts', default: './index.js' }, './data/*': './data/*' },
    files: ['index.js', 'index.d.ts', 'types.d.ts', 'lib', 'data', 'README.md'],
    homepage: options.origin,
    engines: { node: '>=22.18' },
    license: 'CC-BY-4.0',
    sideEffects: false,
  };
  await writeFile(path.join(out, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return out;
};
