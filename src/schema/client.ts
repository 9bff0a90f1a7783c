import * as z from 'zod';
import { HttpUrl, OneLine } from './fields.ts';
import { VerdictList } from './verdict.ts';

/** An MCP client's frontmatter; the body describes it. */
export const ClientFrontmatter = z.strictObject({
  /** Display name, e.g. "Claude Code". */
  name: OneLine,
  /** The product's home page. */
  homepage: HttpUrl,
  /** The public source repository, where there is one. */
  repository: HttpUrl.optional(),
  /** What the client sends as `clientInfo.name`, where known. */
  clientInfoName: OneLine.optional(),
  /** The MCP SDK it is built on, in a few words. */
  sdk: OneLine.optional(),
  /** Verdicts behind the support matrix: per revision or capability, a state and its notes. */
  support: VerdictList.optional(),
});

export type Client = z.output<typeof ClientFrontmatter>;
