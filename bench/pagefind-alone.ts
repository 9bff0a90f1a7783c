/**
 * `node bench/pagefind-alone.ts <content-folder> <all|nocode|noinline|split> <out> [<seed-bundle> edit]`:
 * Pagefind alone (its Node API, no Astro) on the research notes' text (title, summary, body, roughly
 * as the site's records hold them), to see what a corpus or a change to the indexed text does to the
 * index without a whole build. `nocode` leaves out fenced blocks, `noinline` inline code as well,
 * `split` indexes identifiers as their words (`handshakeTimeout`, `handshake_timeout` and
 * `handshake-timeout` as `handshake timeout`). With a seed bundle (hard-linked in, as the build seeds
 * from `dist/pagefind`) and `edit`, the middle note gets the bench's extra paragraph: a rebuild's
 * Pagefind work. Prints the time to add the records and to write, and the Pagefind process's CPU
 * time and peak RSS; `bench/index-chunks.ts` then reads the bundle.
 */
import { linkSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as pagefind from 'pagefind';

const VARIANTS = ['all', 'nocode', 'noinline', 'split'];

/** A note's title, summary and body as the variant indexes them, Markdown syntax and link targets left out. */
export const indexedBody = (body: string, variant: string): string => {
  let text = body;
  if (variant === 'nocode' || variant === 'noinline') text = text.replace(/```[\s\S]*?```/g, ' ');
  if (variant === 'noinline') text = text.replace(/`[^`\n]*`/g, ' ');
  if (variant === 'split')
    text = text.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/([\p{L}\p{N}])[_./:#-]+(?=[\p{L}\p{N}])/gu, '$1 ');
  return text.replace(/\]\([^)]*\)/g, ' ').replace(/[#*`>[\]]/g, ' ');
};

/** CPU time (ms) and peak RSS (MiB) of this process's children, from /proc, while they run. */
const children = () => {
  let cpuMs = 0;
  let peakKb = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) !== process.pid) continue;
      cpuMs += (Number(fields[11]) + Number(fields[12])) * 10;
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      peakKb = Math.max(peakKb, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0));
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return { cpuMs, peakMiB: Math.round(peakKb / 1024) };
};

if (import.meta.main) {
  const [dir, variant, out, seed, edit] = process.argv.slice(2);
  if (!dir || !variant || !out || !VARIANTS.includes(variant)) {
    console.error(`usage: node bench/pagefind-alone.ts <content-folder> <${VARIANTS.join('|')}> <out> [<seed-bundle> edit]`);
    process.exit(2);
  }
  if (seed) {
    // Only the content-named files and the metadata, as the build seeds: the rest Pagefind rewrites in place.
    for (const entry of readdirSync(seed, { recursive: true, withFileTypes: true })) {
      const named = /(^|\/)(fragment|index|filter)$/.test(entry.parentPath) || entry.name.endsWith('.pf_meta');
      if (!entry.isFile() || !named) continue;
      const from = path.join(entry.parentPath, entry.name);
      const to = path.join(out, path.relative(seed, from));
      mkdirSync(path.dirname(to), { recursive: true });
      linkSync(from, to);
    }
  }
  const files = readdirSync(path.join(dir, 'research')).sort();
  const started = performance.now();
  const { index } = await pagefind.createIndex({});
  if (!index) throw new Error('pagefind: no index');
  for (const [at, name] of files.entries()) {
    const text = readFileSync(path.join(dir, 'research', name), 'utf8');
    const end = text.indexOf('\n---', 3);
    const frontmatter = text.slice(0, end);
    let body = text.slice(end + 4);
    if (edit === 'edit' && at === Math.floor(files.length / 2))
      body += '\nOne more paragraph, written by benchmark run 1 to change this note.\n';
    const field = (key: string) => new RegExp(`^${key}: "?(.*?)"?$`, 'm').exec(frontmatter)?.[1] ?? '';
    await index.addCustomRecord({
      url: `/research/${name.slice(0, -3)}`,
      content: indexedBody([field('title'), field('summary'), body].join('\n'), variant),
      language: 'en',
      meta: { title: field('title'), id: field('id') },
    });
  }
  const added = performance.now();
  await index.writeFiles({ outputPath: out });
  const written = performance.now();
  const pagefindProcess = children();
  await pagefind.close();
  console.log(
    JSON.stringify({
      variant,
      addMs: Math.round(added - started),
      writeMs: Math.round(written - added),
      pagefindCpuMs: pagefindProcess.cpuMs,
      pagefindPeakMiB: pagefindProcess.peakMiB,
    }),
  );
}
