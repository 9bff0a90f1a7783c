/**
 * VS Code's MCP client, through `code-server` (npm): Code-OSS with Copilot Chat built in, served to a
 * browser. The kit's face is its driver, this same file run by Node (linked into the throwaway HOME):
 * it starts code-server on loopback, opens its workbench in the project's Chromium through
 * playwright-core, marks the chat's setup complete in the workbench's IndexedDB (the built-in chat
 * stays disabled until a GitHub sign-in ran its setup, which cannot happen offline), reloads, sends
 * the prompt to a "Custom Endpoint" model on the stand-in (`chatLanguageModels.json`) and answers
 * the approvals the chat asks for, until the answer is in. STACK.md, "VS Code's MCP client through
 * code-server". The install needs Node 24 and, for one native module, Debian's `libkrb5-dev`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kit, KitContext } from './kit.ts';

/** The model's id and name in `chatLanguageModels.json`: what the chat's model picker shows. */
export const MODEL_NAME = 'Lab stand-in';

/** What the driver types into an elicitation form's empty fields: any answer will do. */
export const FORM_ANSWER = 'blue';

/** The workbench's global state database and its one table (IndexedDB, in the browser). */
export const STATE_DB = 'vscode-web-state-db-global';
export const STATE_TABLE = 'ItemTable';

/** The folders of a run: code-server's own, and the workspace the chat works in. */
export const runFolders = ({ home, work }: Pick<KitContext, 'home' | 'work'>) => ({
  config: `${home}/code-server/config.yaml`,
  data: `${home}/code-server/data`,
  extensions: `${home}/code-server/extensions`,
  workspace: work,
});

/** code-server's arguments after its entry script: loopback, no password, nothing fetched from outside. */
export const codeServerArgs = (context: Pick<KitContext, 'home' | 'work'>, port: number): string[] => {
  const folders = runFolders(context);
  return [
    '--bind-addr',
    `127.0.0.1:${port}`,
    '--auth',
    'none',
    '--config',
    folders.config,
    '--user-data-dir',
    folders.data,
    '--extensions-dir',
    folders.extensions,
    '--disable-telemetry',
    '--disable-update-check',
    folders.workspace,
  ];
};

/** `chatLanguageModels.json`: one "Custom Endpoint" group, its one model the stand-in's Chat Completions. */
export const languageModels = (modelUrl: string): unknown[] => [
  {
    name: 'Lab',
    vendor: 'customendpoint',
    apiKey: 'dummy-offline-key',
    apiType: 'chat-completions',
    models: [
      {
        id: 'lab-stand-in',
        name: MODEL_NAME,
        url: `${modelUrl}/v1/chat/completions`,
        apiType: 'chat-completions',
        toolCalling: true,
        vision: true,
        maxInputTokens: 128000,
        maxOutputTokens: 16000,
      },
    ],
  },
];

/** User settings: no gallery, updates or workspace-trust prompt; everything else at its default. */
export const userSettings = (): Record<string, unknown> => ({
  'chat.mcp.gallery.enabled': false,
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'security.workspace.trust.enabled': false,
  'workbench.startupEditor': 'none',
  'telemetry.telemetryLevel': 'off',
});

/** The workspace's `.vscode/mcp.json` entry for the probe. */
export const mcpServer = (context: KitContext): Record<string, unknown> =>
  context.server.transport === 'stdio'
    ? { type: 'stdio', command: context.server.launch.command, args: context.server.launch.args }
    : { type: 'http', url: context.server.url };

/**
 * The state entries that mark the chat's setup done, given the setup context the workbench stored
 * (JSON, or nothing yet): the built-in chat extension no longer disabled, the setup context
 * `installed` and `completed`, whatever else it held kept.
 */
export const setupCompleteEntries = (stored: string | undefined): [string, string][] => {
  let context: Record<string, unknown> = {};
  try {
    const parsed: unknown = stored === undefined ? undefined : JSON.parse(stored);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) context = parsed as Record<string, unknown>;
  } catch {
    // Nothing readable stored: start from an empty context, as a fresh profile has.
  }
  return [
    ['extensionsIdentifiers/disabled', '[]'],
    ['chat.setupContext', JSON.stringify({ entitlement: 1, ...context, installed: true, completed: true })],
  ];
};

/**
 * The button the driver presses among those the workbench shows, as a person who lets the model do
 * what it asks would: a tool call or server start allowed for the session, a sampling request allowed,
 * an elicitation form submitted. Undefined where none is one of them (nothing to answer).
 */
export const answerButton = (labels: readonly string[]): string | undefined => {
  const wanted = [
    /^allow in this session$/i,
    /^allow( once)?$/i,
    /^trust$/i,
    /^(start|run)( server)?$/i,
    /^continue$/i,
    /^open( url| link)?$/i,
    /^(submit|accept|ok|yes)$/i,
  ];
  for (const pattern of wanted) {
    const found = labels.find((label) => pattern.test(label.trim()));
    if (found !== undefined) return found;
  }
  return undefined;
};

/** What the driver is told on its command line. */
export interface DriverOptions {
  prefix: string;
  home: string;
  work: string;
  prompt: string;
  /** Seconds it may take in all; it stops a little before the runner's limit. */
  seconds: number;
}

/** The driver's options from its arguments (`--prefix P --home H --work W --prompt T --seconds N`); an Error naming what is missing. */
export const parseDriverArgs = (argv: readonly string[]): DriverOptions => {
  const value = (flag: string) => {
    const at = argv.indexOf(flag);
    const found = at === -1 ? undefined : argv[at + 1];
    if (found === undefined) throw new Error(`the code-server driver needs ${flag}`);
    return found;
  };
  const seconds = Number(value('--seconds'));
  if (!Number.isFinite(seconds) || seconds <= 0)
    throw new Error(`--seconds must be a positive number, got ${value('--seconds')}`);
  return { prefix: value('--prefix'), home: value('--home'), work: value('--work'), prompt: value('--prompt'), seconds };
};

/** Seconds the runner gives a session: install-free, but the workbench takes 15–20 s to show, twice. */
const TIME_LIMIT = 300;

/** The name the driver is linked under in the throwaway HOME. */
const DRIVER = 'code-server-driver.ts';

/** The VS Code kit (code-server). */
export const vscode: Kit = {
  client: 'vscode',
  package: 'code-server',
  bin: 'node',
  program: () => process.execPath,
  // The kerberos module's prebuilt binary is downloaded at install time (offline it fails); its source build needs gssapi.h.
  debian: ['libkrb5-dev'],
  transports: ['stdio', 'http'],
  path: 'ide',
  server: (context) => ({
    files: [
      { path: `${context.work}/.vscode/mcp.json`, json: { servers: { [context.name]: mcpServer(context) } } },
      { path: `${context.home}/${DRIVER}`, link: fileURLToPath(import.meta.url) },
    ],
  }),
  model: {
    api: 'openai-chat',
    setup: (context) => {
      const { data, config } = runFolders(context);
      return {
        files: [
          {
            path: `${data}/User/chatLanguageModels.json`,
            text: `${JSON.stringify(languageModels(context.modelUrl), null, 2)}\n`,
          },
          { path: `${data}/User/settings.json`, json: userSettings() },
          { path: config, text: 'auth: none\ncert: false\n' },
        ],
      };
    },
  },
  faces: [
    {
      name: 'chat',
      args: ({ home, prefix, work, prompt }) => [
        `${home}/${DRIVER}`,
        '--prefix',
        prefix,
        '--home',
        home,
        '--work',
        work,
        '--prompt',
        prompt,
        '--seconds',
        String(TIME_LIMIT - 10),
      ],
      prompt: 'say hi please',
      speaks:
        "code-server's workbench (Code-OSS with Copilot Chat's built-in extension), its chat setup marked complete in the browser's storage, in agent mode with a Custom Endpoint model on the stand-in (clientInfo code-server, not desktop VS Code's)",
      session: true,
      cannotShow:
        'desktop VS Code (its own clientInfo and product build), a GitHub-signed-in Copilot session and its hosted models, and what a person would decline',
    },
  ],
  scenarioFace: 'chat',
  timeLimit: TIME_LIMIT,
  cannotShow: 'what a real model would choose to call',
};

/** A free loopback port. */
const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });

/** The project's Chromium (what its browser tests use): `CHROMIUM_PATH`, Debian's, else the bundled one already unpacked. */
const chromiumPath = (): { executablePath: string; env: Record<string, string> } => {
  const asked = process.env['CHROMIUM_PATH'];
  if (asked !== undefined && asked !== '' && asked !== 'bundled') return { executablePath: asked, env: {} };
  if (existsSync('/usr/bin/chromium')) return { executablePath: '/usr/bin/chromium', env: {} };
  const cache = fileURLToPath(new URL('../../../node_modules/.cache/canimcp-chromium/', import.meta.url));
  const version = existsSync(cache) ? readdirSync(cache).find((name) => /^\d/.test(name)) : undefined;
  if (version === undefined)
    throw new Error(
      'no Chromium: set CHROMIUM_PATH, install Debian’s chromium, or run a browser test once to unpack the bundled one',
    );
  const dir = path.join(cache, version);
  return { executablePath: path.join(dir, 'chromium'), env: { LD_LIBRARY_PATH: path.join(dir, 'al2023/lib') } };
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (text: string) => console.log(`driver: ${text}`);

/** Waits until code-server answers `/healthz`. */
const healthy = async (port: number, until: number): Promise<void> => {
  while (Date.now() < until) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(500);
  }
  throw new Error('code-server never answered /healthz');
};

/** Runs the driver: code-server, the workbench in Chromium, the chat's prompt, its approvals. */
const drive = async (options: DriverOptions): Promise<void> => {
  const deadline = Date.now() + options.seconds * 1000;
  const port = await freePort();
  const entry = path.join(options.prefix, 'node_modules', 'code-server', 'out', 'node', 'entry.js');
  const server: ChildProcess = spawn(process.execPath, [entry, ...codeServerArgs(options, port)], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env },
  });
  const { chromium } = await import('playwright-core');
  const choice = chromiumPath();
  const browser = await chromium.launch({
    executablePath: choice.executablePath,
    env: { ...process.env, ...choice.env },
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'],
  });
  let failed = (): Promise<unknown> => Promise.resolve(undefined);
  try {
    await healthy(port, Math.min(deadline, Date.now() + 60_000));
    log('code-server answers');
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    // What the workbench showed at each step, kept in the throwaway HOME for whoever reads a run.
    const shot = (name: string) =>
      page.screenshot({ path: path.join(options.home, `driver-${name}.png`) }).catch(() => undefined);
    failed = () => shot('failed');
    const origin = `http://127.0.0.1:${port}`;
    const workbench = async () => {
      await page.waitForSelector('.monaco-workbench', { timeout: 90_000 });
      await sleep(5000);
    };
    await page.goto(`${origin}/?folder=${encodeURIComponent(options.work)}`);
    await workbench();
    const stored = await page.evaluate(
      ([db, table]) =>
        new Promise<string | undefined>((resolve) => {
          const open = indexedDB.open(db as string);
          open.onsuccess = () => {
            const get = open.result
              .transaction(table as string)
              .objectStore(table as string)
              .get('chat.setupContext');
            get.onsuccess = () => resolve(typeof get.result === 'string' ? get.result : undefined);
            get.onerror = () => resolve(undefined);
          };
          open.onerror = () => resolve(undefined);
        }),
      [STATE_DB, STATE_TABLE],
    );
    const entries = setupCompleteEntries(stored);
    await page.evaluate(
      ([db, table, items]) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open(db);
          open.onsuccess = () => {
            const transaction = open.result.transaction(table as string, 'readwrite');
            for (const [key, value] of items) transaction.objectStore(table).put(value, key);
            transaction.oncomplete = () => resolve();
            transaction.onerror = () => reject(new Error('the workbench state could not be written'));
          };
          open.onerror = () => reject(new Error('the workbench state database did not open'));
        }),
      [STATE_DB, STATE_TABLE, entries] as const,
    );
    log('chat setup marked complete; reloading');
    await page.reload();
    await workbench();
    // The chat view: opened by its command where the layout does not show it already.
    const input = page
      .locator('.interactive-input-part .monaco-editor textarea, .chat-input-container .monaco-editor textarea')
      .first();
    if (!(await input.isVisible().catch(() => false))) {
      await page.keyboard.press('Control+Alt+KeyI');
      await sleep(2000);
    }
    await input.waitFor({ timeout: 30_000 });
    await shot('chat');
    log('chat input ready');
    // The Custom Endpoint model appears in the picker once Copilot Chat's extension has activated.
    // Releases differ in the picker's markup: it is the toolbar item that shows the model's name.
    const pickerButton = page.locator('.model-picker-item a, .model-picker-item .action-label').first();
    const chosen = () =>
      page
        .locator('.interactive-input-part .model-picker-item')
        .getByText(MODEL_NAME)
        .first()
        .isVisible()
        .catch(() => false);
    const model = page.locator('.action-widget, .monaco-list, .quick-input-widget').getByText(MODEL_NAME).first();
    for (let tries = 0; !(await chosen()); tries += 1) {
      await pickerButton.click({ timeout: 10_000 });
      await sleep(1500);
      if (await model.isVisible().catch(() => false)) {
        await model.click();
        log('model chosen');
        break;
      }
      await shot('picker');
      await page.keyboard.press('Escape');
      if (tries >= 20) throw new Error(`the model picker never offered ${MODEL_NAME}`);
      await sleep(3000);
    }
    await sleep(500);
    // The editor's decorations lie over its textarea: a forced click focuses it as a person's would.
    await page.locator('.interactive-input-part .monaco-editor .view-lines').first().click({ force: true });
    await sleep(300);
    await page.keyboard.type(options.prompt, { delay: 20 });
    await sleep(500);
    await page.keyboard.press('Enter');
    log('prompt sent');
    await shot('sent');
    let quietSince = Date.now();
    let presses = 0;
    let lastShown = '';
    while (Date.now() < deadline) {
      await sleep(1000);
      const buttons = page.locator(
        '.interactive-session .monaco-button, .monaco-dialog-box .monaco-button, .quick-input-widget .monaco-button',
      );
      const labels = (await buttons.allInnerTexts().catch(() => [])).map((text) => text.trim()).filter((text) => text !== '');
      // An elicitation form's empty fields get an answer first, so its Submit is enabled.
      // The form shows above the chat's input (its fields say "Enter your answer"), or in a dialog or quick input.
      const fields = page
        .getByPlaceholder(/your answer/i)
        .or(
          page.locator(
            '.interactive-session input[type="text"], .monaco-dialog-box input, .quick-input-widget .quick-input-box input',
          ),
        )
        .filter({ visible: true });
      let filled = 0;
      for (const field of await fields.all().catch(() => [])) {
        if ((await field.inputValue().catch(() => 'x')) !== '') continue;
        await field.fill(FORM_ANSWER).catch(() => undefined);
        filled += 1;
      }
      if (filled > 0) {
        log(`filled ${filled} field(s)`);
        await shot(`form-${presses}`);
        if (
          await page
            .locator('.quick-input-widget .quick-input-box input:visible')
            .count()
            .catch(() => 0)
        )
          await page.keyboard.press('Enter');
        quietSince = Date.now();
        continue;
      }
      const shown = labels.join(' | ');
      if (shown !== lastShown) {
        log(`buttons: ${shown}`);
        lastShown = shown;
      }
      const answer = answerButton(labels);
      if (answer !== undefined) {
        log(`pressing ${JSON.stringify(answer)}`);
        presses += 1;
        if (presses <= 6) await shot(`press-${presses}`);
        await buttons
          .filter({ hasText: answer })
          .first()
          .click({ timeout: 5000 })
          .catch(() => undefined);
        quietSince = Date.now();
        continue;
      }
      const busy = await page
        .locator(
          '.interactive-session .chat-response-loading, .interactive-session .codicon-loading, .interactive-session .codicon-stop-circle',
        )
        .count()
        .catch(() => 0);
      const responses = await page
        .locator('.interactive-session .interactive-response')
        .count()
        .catch(() => 0);
      if (busy > 0 || responses === 0) quietSince = Date.now();
      else if (Date.now() - quietSince > 10_000) break;
    }
    const transcript = await page
      .locator('.interactive-session .interactive-list')
      .innerText()
      .catch(() => '');
    console.log(transcript);
    await shot('end');
    log(Date.now() < deadline ? 'the chat is quiet' : 'the time limit came first');
  } catch (error) {
    await failed();
    throw error;
  } finally {
    await browser.close().catch(() => undefined);
    server.kill('SIGTERM');
  }
};

if (import.meta.main)
  await drive(parseDriverArgs(process.argv.slice(2))).catch((error: unknown) => {
    console.error(`driver: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
