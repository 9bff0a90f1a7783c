import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { releaseList, readers } from '../probe/releases-command.ts';
import { ClientReleases } from '../schema/releases.ts';
import { escapeModulePath, parseGoInfo, parseMaven, parsePypi } from './release-registries.ts';

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, '../../tests/fixtures/registries', name), 'utf8');

// A registry of each kind on loopback, answering from the fixtures: no network.
let server: Server;
let base = '';
const asked: string[] = [];
beforeAll(async () => {
  const routes = new Map<string, string>([
    ['/pypi/fast-agent-mcp/json', fixture('pypi-fast-agent-mcp.json')],
    ['/github.com/!mark3labs/mcphost/@v/list', fixture('go-list.txt')],
    ['/github.com/!mark3labs/mcphost/@v/v1.2.0.info', fixture('go-v1.2.0.info')],
    ['/github.com/!mark3labs/mcphost/@v/v1.10.0.info', fixture('go-v1.10.0.info')],
  ]);
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    asked.push(`${url.pathname}${url.search}`);
    const maven =
      url.pathname === '/solrsearch/select' &&
      url.searchParams.get('q') === 'g:dev.langchain4j AND a:langchain4j-mcp' &&
      url.searchParams.get('core') === 'gav';
    const body = maven ? fixture('maven-langchain4j-mcp.json') : routes.get(url.pathname);
    response.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' });
    response.end(body ?? '{"message":"Not Found"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const options = () => ({ npm: { npm: 'npm', timeoutMs: 5000 }, base });
const checked = new Date('2026-12-07T15:00:00Z');

describe('release lists from PyPI, the Go proxy and Maven Central, through the one writer', () => {
  test('PyPI: each release at its earliest upload not yanked; a yanked or empty release is none', async () => {
    const read = await readers.pypi('fast-agent-mcp', options());
    expect(read).toEqual({
      versions: {
        '0.3.5': '2026-09-01T09:59:58.004000Z',
        '0.3.6rc1': '2026-09-10T08:00:00.000000Z',
        '0.3.7': '2026-09-20T07:15:00Z',
      },
    });
    if ('unreachable' in read) throw new Error(read.unreachable);
    const list = releaseList('fast-agent', 'pypi', 'fast-agent-mcp', read.versions, checked);
    expect(ClientReleases.parse(list)).toEqual(list);
    expect(list.versions).toEqual({
      '0.3.5': '2026-09-01T09:59:58.004Z',
      '0.3.6rc1': '2026-09-10T08:00:00Z',
      '0.3.7': '2026-09-20T07:15:00Z',
    });
  });

  test("the Go proxy: the module's list, each version's .info Time, the path escaped as the protocol says", async () => {
    const read = await readers.go('github.com/Mark3labs/mcphost', options());
    expect(read).toEqual({ versions: { 'v1.2.0': '2026-08-01T12:00:00Z', 'v1.10.0': '2026-10-02T08:30:00Z' } });
    if ('unreachable' in read) throw new Error(read.unreachable);
    expect(Object.keys(releaseList('mcphost', 'go', 'github.com/Mark3labs/mcphost', read.versions, checked).versions)).toEqual([
      'v1.2.0',
      'v1.10.0',
    ]);
    expect(asked).toContain('/github.com/!mark3labs/mcphost/@v/v1.10.0.info');
  });

  test("Maven Central: each version at its search answer's timestamp, asked by group and artifact", async () => {
    const read = await readers.maven('dev.langchain4j:langchain4j-mcp', options());
    expect(read).toEqual({
      versions: { '1.5.0-beta11': '2026-09-20T12:00:00.000Z', '1.4.0-beta10': '2026-08-21T12:00:00.000Z' },
    });
    expect(await readers.maven('langchain4j-mcp', options())).toEqual({
      unreachable: 'a Maven package is group:artifact, not "langchain4j-mcp"',
    });
  });

  test('a package the registry does not know is unreachable, with the address and status', async () => {
    expect(await readers.pypi('no-such-project', options())).toEqual({
      unreachable: `${base}/pypi/no-such-project/json answered 404`,
    });
  });

  test('answers that are not what the registry sends are refused, not read as empty lists', () => {
    expect(parsePypi('<html>')).toEqual({ unreachable: 'PyPI did not answer with JSON' });
    expect(parsePypi('{"info":{}}')).toEqual({ unreachable: 'PyPI lists no releases' });
    expect(parseMaven('{"response":{}}')).toEqual({ unreachable: 'Maven Central lists no versions' });
    expect(parseGoInfo('{"Version":"v1.0.0"}')).toBeUndefined();
    expect(escapeModulePath('github.com/BurntSushi/toml')).toBe('github.com/!burnt!sushi/toml');
  });
});
