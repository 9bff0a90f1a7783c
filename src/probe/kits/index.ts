/** The client kits by client id: one file per client (src/probe/kits/<client>.ts). */
import { amp } from './amp.ts';
import { auggie } from './auggie.ts';
import { claudeCode } from './claude-code.ts';
import { clineCli } from './cline-cli.ts';
import { cline } from './cline.ts';
import { codex } from './codex.ts';
import { continueCli } from './continue-cli.ts';
import { copilotCli } from './copilot-cli.ts';
import { crush } from './crush.ts';
import { factoryDroid } from './factory-droid.ts';
import { fastAgent } from './fast-agent.ts';
import { geminiCli } from './gemini-cli.ts';
import { harnesses } from '../harnesses/index.ts';
import { hermesAgent } from './hermes-agent.ts';
import { kiloCodeCli } from './kilo-code-cli.ts';
import { llm } from './llm.ts';
import { mcphost } from './mcphost.ts';
import { mcpc } from './mcpc.ts';
import { mcpUseCli } from './mcp-use-cli.ts';
import { mcpInspector } from './mcp-inspector.ts';
import { mcporter } from './mcporter.ts';
import type { Kit } from './kit.ts';
import { opencode } from './opencode.ts';
import { openclaw } from './openclaw.ts';
import { pi } from './pi.ts';
import { qwenCode } from './qwen-code.ts';
import { typescriptSdk } from './typescript-sdk.ts';
import { vscode } from './vscode.ts';

/** Every kit. */
export const kits: readonly Kit[] = [
  claudeCode,
  codex,
  geminiCli,
  opencode,
  kiloCodeCli,
  qwenCode,
  copilotCli,
  continueCli,
  cline,
  clineCli,
  typescriptSdk,
  factoryDroid,
  amp,
  auggie,
  mcphost,
  llm,
  fastAgent,
  hermesAgent,
  pi,
  vscode,
  openclaw,
  mcpInspector,
  mcporter,
  mcpc,
  mcpUseCli,
  crush,
  // Libraries, each run through the smallest program its docs show (src/probe/harnesses/).
  ...harnesses,
];

/** The kit for a client id. */
export const kitFor = (client: string): Kit | undefined => kits.find((kit) => kit.client === client);
