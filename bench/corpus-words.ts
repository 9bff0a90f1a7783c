/**
 * What the generated corpus is made of: the revisions, capabilities and client names it uses, and
 * its vocabulary (common English words, then a long tail of made-up ones). Fixed, so a given seed
 * and size always give the same bytes.
 */
import type { Random } from './prng.ts';

export const REVISIONS = [
  { id: '2024-11-05', status: 'final', era: 'handshake' },
  { id: '2025-03-26', status: 'final', era: 'handshake' },
  { id: '2025-06-18', status: 'final', era: 'handshake' },
  { id: '2025-11-25', status: 'final', era: 'handshake' },
  { id: '2026-07-28', status: 'current', era: 'modern' },
] as const;

export const CAPABILITIES = [
  ['protocolVersions', 'Protocol versions', 'Which protocol revisions a client offers and accepts.'],
  ['tools', 'Tools', 'Listing and calling server tools.'],
  ['resources', 'Resources', 'Reading and subscribing to server resources.'],
  ['prompts', 'Prompts', 'Listing and fetching server prompt templates.'],
  ['sampling', 'Sampling', 'Letting servers request model completions through the client.'],
  ['roots', 'Roots', 'Telling servers which filesystem roots they may use.'],
  ['elicitation', 'Elicitation', 'Letting servers ask the user for structured input.'],
  ['logging', 'Logging', 'Receiving and filtering server log messages.'],
  ['completions', 'Completions', 'Argument autocompletion for prompts and resources.'],
  ['progress', 'Progress', 'Progress notifications for long-running requests.'],
  ['cancellation', 'Cancellation', 'Cancelling requests that are in flight.'],
  ['authorization', 'Authorization', 'OAuth-based authorization for remote servers.'],
] as const;

export const CLIENT_STEMS = [
  'aurora',
  'basalt',
  'cinder',
  'delta',
  'ember',
  'fjord',
  'garnet',
  'harbor',
  'indigo',
  'juniper',
  'kestrel',
  'lumen',
  'meridian',
  'nimbus',
  'onyx',
  'prairie',
  'quartz',
  'raven',
  'sierra',
  'tundra',
  'umber',
  'vesper',
  'willow',
  'xenon',
  'yarrow',
  'zephyr',
  'alder',
  'birch',
  'cobalt',
  'dune',
  'echo',
  'flint',
  'glacier',
  'heron',
  'iris',
  'jasper',
  'kelp',
  'lichen',
  'marlin',
  'nova',
] as const;
export const CLIENT_SUFFIXES = ['agent', 'code', 'desk', 'cli', 'studio'] as const;

/** Common English and protocol words first (the head of the Zipf curve), then a long synthetic tail. */
export const HEAD_WORDS = `the of and to a in is that it for on as with by this be are from or at an not but
which when client server request response session handshake initialize version protocol revision tool
tools resource resources prompt prompts sampling roots elicitation notification notifications capability
capabilities transport stdio http stream streamable message messages error errors result results method
methods params schema field fields value values default defaults config setting settings option options
timeout retry retries fallback legacy modern discover probe negotiate negotiation header headers token
tokens auth authorization oauth scope scopes user users model models context window list call calls
cancel cancellation progress logging level levels completion completions argument arguments template
templates json rpc id ids batch batches payload payloads reply replies sends send sent reads read writes
write returns return accepts accept rejects reject ignores ignore handles handle keeps keep drops drop
first last next before after only also still never always often rarely once twice again later earlier
behaviour change changes support supports gap gaps bug bugs nuance current superseded release released
commit path source sources code line lines test tests case cases edge behaviour documented undocumented
silently explicitly quietly loudly server-side client-side runtime startup shutdown reconnect reconnects
connection connections channel channels queue queues buffer buffers limit limits size sizes byte bytes
name names display label labels icon icons url urls host hosts port ports local remote proxy proxies
upstream downstream library sdk python typescript rust go java kotlin swift dotnet node deno bun
version-specific era eras spec specification draft final stable experimental flag flags feature features
environment variable variables file files folder folders workspace workspaces project projects editor
editors terminal terminals chat agent agents assistant assistants extension extensions plugin plugins
what how why where who whose would could should might must may can will shall does did done doing
have has had having get gets got make makes made take takes took see sees saw seen know knows knew
more most less least many much few some any every each other another same different similar new old
good better best bad worse worst small large long short high low early late fast slow simple complex`
  .split(/\s+/)
  .filter(Boolean);

/** The syllables made-up words are built of. */
export const SYLLABLES = `ka lo mi ne ru sa ti vo ze ba de fi go hu ja ke li mo nu pa qui ro su ta ve wi xa yo zu
bra cle dri fro gla pli sne tra vle zor mar ten lin dus kor pel vin tas rom gen ful dax mep`
  .split(/\s+/)
  .filter(Boolean);

/** Common words first, then made-up ones, to about 12,000 distinct terms. */
export const vocabulary = (random: Random): string[] => {
  const words = new Set<string>(HEAD_WORDS);
  // A long tail of made-up words gives the index the many rare terms real notes have.
  while (words.size < 12_000) {
    const parts = random.int(2, 4);
    let word = '';
    for (let i = 0; i < parts; i++) word += random.pick(SYLLABLES);
    words.add(word);
  }
  return [...words];
};
