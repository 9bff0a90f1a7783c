/**
 * A model request in no API's shape: what the stand-in model's turn script needs to know of it.
 * Each model API's reader (src/lib/lab/model-apis/<api>.ts) turns its own request into this, and each
 * writer turns an `Answer` back into its own answer, so the script is written once for all four.
 */

/** A tool the client offered the model in this request. */
export interface OfferedTool {
  /** The name the model must call it by (inside its namespace, where it has one). */
  name: string;
  /** The namespace the tool sits in (OpenAI Responses' `namespace` tools, as Codex sends MCP servers). */
  namespace?: string;
  description?: string;
  /** Its JSON Schema for arguments, as the client sent it. */
  parameters?: unknown;
  /** Offered for later (`defer_loading`): callable only once a tool search has loaded it. */
  deferred?: boolean;
}

/** A tool call the model made earlier in the conversation, as the client sent it back. */
export interface SeenCall {
  id?: string;
  name: string;
  namespace?: string;
  arguments: unknown;
}

/** One message of the conversation, reduced to its text and its calls. */
export interface Turn {
  /** `tool` for a tool result however the API carries it (a tool message, a `tool_result` block, a `functionResponse`). */
  role: 'user' | 'assistant' | 'tool';
  /** All the text the message carries, tool results included, joined. */
  text: string;
  /** The tool calls an assistant message made. */
  calls: SeenCall[];
}

/** One request to the model. */
export interface Conversation {
  /** The system prompt's text (instructions, `system`, `systemInstruction`). */
  system: string;
  turns: Turn[];
  tools: OfferedTool[];
  /** Where the request asks for JSON: the schema the answer must match, or `{}` for any JSON. */
  json?: { schema: unknown };
}

/** A tool call the stand-in model answers with. */
export interface PlannedCall {
  /** Unique within the conversation: each API's writer prefixes it (`toolu_`, `call_`). */
  id: string;
  name: string;
  namespace?: string;
  arguments: Record<string, unknown>;
}

/** Why the answer is what it is, for a test or a reader of the capture. */
export type AnswerReason =
  | 'call' // a scenario tool, called under the client's name for it
  | 'search' // a tool-search step that makes a deferred tool callable
  | 'bridge' // a scenario tool called through the client's bridge tool
  | 'finish' // every call made: the script's finishing text
  | 'json' // a side request that asks for JSON under a schema
  | 'title' // a side request for a session title
  | 'text'; // a request without tools: a forwarded sampling request or a summary

/** The stand-in model's next answer: one tool call, or text. */
export type Answer =
  | { kind: 'call'; reason: 'call' | 'search' | 'bridge'; call: PlannedCall }
  | { kind: 'text'; reason: Exclude<AnswerReason, 'call' | 'search' | 'bridge'>; text: string };
