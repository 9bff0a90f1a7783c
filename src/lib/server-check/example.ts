/**
 * The example server the check page loads and the tests use: instructions, a 60-character tool
 * name, a tool whose result is `structuredContent` with no text, a read-only and a destructive tool.
 */
export const exampleServer = {
  initialize: {
    protocolVersion: '2025-11-25',
    capabilities: { tools: { listChanged: true } },
    serverInfo: { name: 'builds', version: '1.4.0' },
    instructions: 'Call build_status before you start a build.',
  },
  tools: {
    tools: [
      {
        name: 'search_every_issue_comment_and_pull_request_review_in_an_org',
        title: 'Search review comments',
        inputSchema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
        annotations: { readOnlyHint: true },
      },
      {
        name: 'build_status',
        inputSchema: { type: 'object' },
        outputSchema: { type: 'object', properties: { running: { type: 'integer' } } },
        annotations: { readOnlyHint: true },
      },
      {
        name: 'delete_build',
        inputSchema: { type: 'object', properties: { id: { type: 'string' } } },
        annotations: { destructiveHint: true },
      },
    ],
  },
  results: { build_status: { content: [], structuredContent: { running: 2 } } },
};
