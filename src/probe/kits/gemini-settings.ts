/**
 * The server configuration Gemini CLI and its fork Qwen Code share: the server in
 * `~/<folder>/settings.json` with `trust: true` (its tools run without a prompt), and the working
 * folder in `trustedFolders.json` beside it, without which the server stays disabled. A client
 * registered beforehand goes in the server entry's `oauth` block.
 */
import { serverUrl, stdioEntry, type KitContext, type Setup } from './kit.ts';

/** The server entry and the trusted folder, under `~/<folder>` (`.gemini`, `.qwen`). */
export const geminiStyleServer =
  (folder: string) =>
  (context: KitContext): Setup => ({
    files: [
      {
        path: `${context.home}/${folder}/settings.json`,
        json: {
          mcpServers: {
            [context.name]:
              context.server.transport === 'stdio'
                ? stdioEntry(context, { trust: true })
                : {
                    httpUrl: serverUrl(context),
                    trust: true,
                    ...(context.preregistered === undefined
                      ? {}
                      : {
                          oauth: {
                            enabled: true,
                            clientId: context.preregistered.clientId,
                            ...(context.preregistered.clientSecret === undefined
                              ? {}
                              : { clientSecret: context.preregistered.clientSecret }),
                          },
                        }),
                  },
          },
        },
      },
      { path: `${context.home}/${folder}/trustedFolders.json`, json: { [context.work]: 'TRUST_FOLDER' } },
    ],
  });
