/**
 * Spring AI's MCP client (`org.springframework.ai:spring-ai-starter-mcp-client`, Maven Central): a
 * Spring Boot program whose MCP tools go to a ChatClient with Spring AI's Anthropic model pointed at
 * the stand-in, as the MCP docs' Java client tutorial builds it. Run with Java's single-file source
 * launcher against the jars Maven copied.
 */
import { harnessKit } from './harness.ts';

/**
 * Spring Boot's bom for a Spring AI version, as a Boot project has it from its parent: Spring AI 2.x
 * is built on Boot 4, 1.x on Boot 3.5. Without it Maven picks the nearest of the starters' Jackson
 * versions and mixes them: 2.0.1 got Jackson 3 beside Jackson 2's annotations and stopped at startup;
 * 1.1.2 got jackson-core 2.17.2 under jackson-databind 2.19.4, and the MCP client's reader thread died
 * on the server's first answer, so it never sent `notifications/initialized`.
 */
export const springBootBom = (version: string): string =>
  `org.springframework.boot:spring-boot-dependencies:${version.startsWith('2.') ? '4.0.7' : '3.5.7'}:bom`;

/** The Spring AI harness. */
export const springAi = harnessKit({
  client: 'spring-ai',
  package: 'org.springframework.ai:spring-ai-starter-mcp-client',
  registry: 'maven',
  requires: (version) => [`org.springframework.ai:spring-ai-starter-model-anthropic:${version}`, springBootBom(version)],
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
