/** The MCP settings file the `cline` package reads, in every major version (1.x reads it as written). */
import { stdioEntry, type KitContext, type Setup } from './kit.ts';

/** Cline's environment: no self-update, and any global npm install it tries stays inside the throwaway home. */
export const clineEnv = (home: string): Record<string, string> => ({
  CLINE_NO_AUTO_UPDATE: '1',
  NPM_CONFIG_PREFIX: `${home}/.npm-global`,
});

/** The server entry in `~/.cline/data/settings/cline_mcp_settings.json`, with `extra` fields. */
export const clineServer =
  (extra: Record<string, unknown>) =>
  (context: KitContext): Setup => ({
    files: [
      {
        path: `${context.home}/.cline/data/settings/cline_mcp_settings.json`,
        json: { mcpServers: { [context.name]: stdioEntry(context, { disabled: false, ...extra }) } },
      },
    ],
  });
