/**
 * The configuration opencode and its fork Kilo Code CLI share: a local or remote MCP server, and an
 * OpenAI-compatible provider (`@ai-sdk/openai-compatible`, which they load from the registry on first
 * use: the lab installs it beforehand, since the sandbox has no network).
 */
import { serverUrl, type KitContext, type SignIn, type Setup } from './kit.ts';

/** How opencode and Kilo sign in: `<bin> mcp auth <server>` in a terminal, then their `run` session. */
export const opencodeSignIn = (bin: string): SignIn => ({
  face: {
    name: 'mcp-auth',
    args: ({ name }) => ['mcp', 'auth', name],
    steps: () => [
      { until: 'signed-in', seconds: 90 },
      { until: 'exit', seconds: 20 },
    ],
    speaks: `the login command \`${bin} mcp auth\`, which signs the session client in`,
    cannotShow: 'the terminal UI’s own sign-in; a sign-in with DISPLAY set',
    timeLimit: 150,
  },
  session: 'session',
  preregistered: 'secret',
});

/** The server entry, in `<file>` under the throwaway home; a client registered beforehand in its `oauth`. */
export const opencodeServer =
  (file: string) =>
  (context: KitContext): Setup => ({
    files: [
      {
        path: `${context.home}/${file}`,
        json: {
          mcp: {
            [context.name]:
              context.server.transport === 'stdio'
                ? { type: 'local', command: [context.server.launch.command, ...context.server.launch.args], enabled: true }
                : {
                    type: 'remote',
                    url: serverUrl(context),
                    enabled: true,
                    ...(context.preregistered === undefined
                      ? {}
                      : {
                          oauth: {
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
    ],
  });

/** The provider pointing at the stand-in model, as the default model; no updates, no sharing. */
export const opencodeModel =
  (file: string) =>
  ({ home, modelUrl }: KitContext): Setup => ({
    files: [
      {
        path: `${home}/${file}`,
        json: {
          autoupdate: false,
          share: 'disabled',
          model: 'lab/m',
          provider: {
            lab: {
              npm: '@ai-sdk/openai-compatible',
              name: 'lab',
              options: { baseURL: `${modelUrl}/v1`, apiKey: 'dummy-offline-key' },
              models: { m: { name: 'm', tool_call: true } },
            },
          },
        },
      },
    ],
  });
