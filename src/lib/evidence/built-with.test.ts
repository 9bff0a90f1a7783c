import { expect, test } from 'vitest';
import { builtWith, registryPackage } from './built-with.ts';

test('a package built with a raised dependency names it, and reads back as the registry package alone', () => {
  const label = builtWith('github.com/mark3labs/mcphost', ['github.com/bytedance/sonic@v1.15.0']);
  expect(label).toBe(
    'github.com/mark3labs/mcphost, built with github.com/bytedance/sonic@v1.15.0 in place of what its go.mod pins',
  );
  expect(registryPackage(label)).toBe('github.com/mark3labs/mcphost');
  expect(builtWith('github.com/mark3labs/mcphost', [])).toBe('github.com/mark3labs/mcphost');
  expect(registryPackage('org.springframework.ai:spring-ai-starter-mcp-client')).toBe(
    'org.springframework.ai:spring-ai-starter-mcp-client',
  );
});
