/**
 * Spring AI's MCP client (`org.springframework.ai:spring-ai-starter-mcp-client`, Maven Central): a
 * Spring Boot program whose MCP tools go to a ChatClient with Spring AI's Anthropic model pointed at
 * the stand-in, as the MCP docs' Java client tutorial builds it. Run with Java's single-file source
 * launcher against the jars Maven copied.
 */
import { harnessKit } from './harness.ts';

/** The Spring AI harness. */
export const springAi = harnessKit({
  client: 'spring-ai',
  package: 'org.springframework.ai:spring-ai-starter-mcp-client',
  registry: 'maven',
  // Spring Boot's bom, as a Boot project has it from its parent: without it Maven mixes Jackson 3 with
  // Jackson 2's annotations and the starter fails at startup. Spring AI 2.x is built on Boot 4.0.
  requires: (version) => [
    `org.springframework.ai:spring-ai-starter-model-anthropic:${version}`,
    ...(version.startsWith('2.') ? ['org.springframework.boot:spring-boot-dependencies:4.0.7:bom'] : []),
  ],
  language: 'java',
  file: 'SpringAiHarness.java',
  doc: {
    url: 'https://github.com/modelcontextprotocol/modelcontextprotocol/blob/860f1169/docs/docs/2025-11-25/develop/build-client.mdx',
    title:
      'Build an MCP client (Java), modelcontextprotocol.io: Spring AI MCP auto-configuration and boot starters, "MCP Client Configuration" and "Chat Implementation"',
    date: '2026-07-28',
  },
  differs:
    'one prompt instead of the chat loop (so no chat memory advisor), the server from server.json set as the starter’s stdio connection in code instead of a servers-configuration file, the application’s name and version left at the starter’s defaults',
  model:
    'Spring AI’s Anthropic starter reads SPRING_AI_ANTHROPIC_BASE_URL (the stand-in) and SPRING_AI_ANTHROPIC_API_KEY (a dummy key)',
  modelApi: 'anthropic-messages',
  modelEnv: ({ modelUrl }) => ({ SPRING_AI_ANTHROPIC_BASE_URL: modelUrl, SPRING_AI_ANTHROPIC_API_KEY: 'dummy-offline-key' }),
  speaks: 'Spring AI’s MCP client starter (the MCP Java SDK underneath) with a ChatClient',
  cannotShow: 'the starter’s HTTP connections, which this harness does not configure',
  transports: ['stdio'],
  timeLimit: 180,
});
