/**
 * A client's interactive face driven in a terminal: Debian's tmux, inside the sandbox, with its own
 * server socket in the scratch folder. The client runs in one pane of a fixed size; the driver sends
 * keys and text, and reads the screen (the whole scrollback, wrapped lines joined) to wait for what
 * the kit's key script waits for. When the client exits, the pane keeps its last screen and says so,
 * so its output can still be read. tmux is installed with apt where it is missing and the lab may
 * install (root), as bubblewrap is (sandbox.ts).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Where Debian's tmux installs its binary. */
export const TMUX = '/usr/bin/tmux';

/** What the pane prints when the client exits, with its exit code after it. */
const EXIT_MARK = '__canimcp_exit__';

/** The tmux binary, installed with apt where it is missing and the lab runs as root; an Error saying what to do otherwise. */
export const requireTmux = (): string => {
  if (existsSync(TMUX)) return TMUX;
  if (process.getuid?.() === 0) {
    console.error('probe: tmux is missing: installing it with apt-get');
    spawnSync('apt-get', ['update'], { stdio: 'ignore' });
    spawnSync('apt-get', ['install', '-y', 'tmux'], {
      stdio: 'ignore',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (existsSync(TMUX)) return TMUX;
  }
  throw new Error(`an interactive face runs in tmux, and ${TMUX} is missing: install Debian's tmux package`);
};

/** A word quoted for sh. */
const sh = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`;

/** A client running in a tmux pane. */
export class Terminal {
  readonly #socket: string;
  #stopped = false;

  private constructor(socket: string) {
    this.#socket = socket;
  }

  /**
   * Starts `command args` in a new pane, `width` × `height`, in `cwd` with `env` (the tmux server
   * inherits it, so the client does too); `folder` holds the socket and the configuration.
   */
  static start(options: {
    command: string;
    args: readonly string[];
    cwd: string;
    env: Record<string, string>;
    folder: string;
    width?: number;
    height?: number;
  }): Terminal {
    const tmux = requireTmux();
    const socket = path.join(options.folder, 'tmux.sock');
    const config = path.join(options.folder, 'tmux.conf');
    // A long scrollback, so a URL printed early can still be read; no status line to read past.
    writeFileSync(config, 'set -g history-limit 50000\nset -g status off\nset -g default-terminal "xterm-256color"\n');
    const line = [options.command, ...options.args].map(sh).join(' ');
    const script = `${line}; echo; echo "${EXIT_MARK} $?"; exec sleep 86400`;
    const started = spawnSync(
      tmux,
      [
        '-S',
        socket,
        '-f',
        config,
        'new-session',
        '-d',
        '-s',
        'lab',
        '-x',
        String(options.width ?? 200),
        '-y',
        String(options.height ?? 50),
        '-c',
        options.cwd,
        '/bin/sh',
        '-c',
        script,
      ],
      { cwd: options.cwd, env: options.env, encoding: 'utf8' },
    );
    if (started.status !== 0) throw new Error(`tmux new-session failed: ${started.stderr.trim()}`);
    return new Terminal(socket);
  }

  #tmux(args: readonly string[]): string {
    const result = spawnSync(TMUX, ['-S', this.#socket, ...args], { encoding: 'utf8' });
    return result.status === 0 ? result.stdout : '';
  }

  /** The pane's whole text: its scrollback and screen, wrapped lines joined. */
  screen(): string {
    return this.#stopped ? '' : this.#tmux(['capture-pane', '-p', '-J', '-S', '-', '-E', '-', '-t', 'lab']);
  }

  /** The client's exit code once it has exited (the pane says so); undefined while it runs. */
  exitCode(screen = this.screen()): number | undefined {
    const match = new RegExp(`${EXIT_MARK} (\\d+)`).exec(screen);
    return match === null ? undefined : Number(match[1]);
  }

  /** Sends keys by tmux's names (`Enter`, `Escape`, `Down`, `Tab`, `C-c`). */
  keys(keys: readonly string[]): void {
    for (const key of keys) this.#tmux(['send-keys', '-t', 'lab', key]);
  }

  /** Types text as it is (no key names read in it). */
  type(text: string): void {
    this.#tmux(['send-keys', '-t', 'lab', '-l', text]);
  }

  /** Ends the pane, its client and the tmux server. */
  stop(): void {
    if (this.#stopped) return;
    this.#tmux(['kill-server']);
    this.#stopped = true;
  }
}
