/** The library harnesses, one kit each (src/probe/harnesses/<library>.ts beside its program). */
import type { Kit } from '../kits/kit.ts';
import { claudeAgentSdk } from './claude-agent-sdk.ts';
import { googleAdk } from './google-adk.ts';
import { langchain4j } from './langchain4j.ts';
import { langchainMcpAdaptersJs } from './langchain-mcp-adapters-js.ts';
import { mastra } from './mastra.ts';
import { openaiAgentsJs } from './openai-agents-js.ts';
import { vercelAiSdk } from './vercel-ai-sdk.ts';
import { langchainMcpAdaptersPython } from './langchain-mcp-adapters-python.ts';
import { openaiAgentsPython } from './openai-agents-python.ts';
import { pydanticAi } from './pydantic-ai.ts';
import { pythonSdk } from './python-sdk.ts';
import { springAi } from './spring-ai.ts';
import { strandsAgents } from './strands-agents.ts';

/** Every harness. */
export const harnesses: readonly Kit[] = [
  pythonSdk,
  openaiAgentsPython,
  pydanticAi,
  googleAdk,
  langchainMcpAdaptersPython,
  strandsAgents,
  vercelAiSdk,
  openaiAgentsJs,
  langchainMcpAdaptersJs,
  mastra,
  claudeAgentSdk,
  langchain4j,
  springAi,
];
