import { collectionSchemas } from '../../schema/index.ts';
import type { KnownIds, SourceFile } from './entries.ts';
import { classifyLink, linkCandidates } from '../markdown/links.ts';
import { bodyLinks } from '../markdown/markdown.ts';
import type { Problem } from './problems.ts';
import { didYouMean } from './suggest.ts';
import { todoMarkers } from './todo.ts';

/** Why a link written in a body does not resolve on this site, or undefined where it does. */
const linkProblem = (href: string, ids: KnownIds, origin: string, captures: ReadonlySet<string>): string | undefined => {
  const target = classifyLink(href, origin);
  if (target.type === 'capture' && !captures.has(target.id)) {
    return `link to ${href}: no capture ${JSON.stringify(target.id)} exists${didYouMean(target.id, captures)}`;
  }
  if (target.type === 'entry' && !ids[target.collection].has(target.id)) {
    const noun = collectionSchemas[target.collection].noun;
    return `link to ${href}: no ${noun} ${JSON.stringify(target.id)} exists${didYouMean(target.id, ids[target.collection])}`;
  }
  return target.type === 'unknown' ? `link to ${href}: no such page on this site` : undefined;
};

/**
 * A file's links to pages, twins and captures of this site that do not exist. Parsing Markdown is the
 * slowest step of a check, so a liberal scan of the text comes first; only a file where some
 * candidate does not resolve is parsed, and then the parser alone decides what is a link and where.
 */
export const linkProblems = (
  file: SourceFile,
  ids: KnownIds,
  origin: string,
  captures: ReadonlySet<string> = new Set(),
): Problem[] => {
  if (linkCandidates(file.text, origin).every((href) => linkProblem(href, ids, origin, captures) === undefined)) return [];
  return bodyLinks(file.text).flatMap((link) => {
    const message = linkProblem(link.href, ids, origin, captures);
    return message === undefined ? [] : [{ file: file.file, line: link.line, column: link.column, message }];
  });
};

/**
 * The TODO markers `npm run new` leaves, outside code. A marker is only news on a line with no
 * other problem (`flagged`): a still-empty placeholder already says what it expects.
 */
export const todoProblems = (file: SourceFile, flagged: ReadonlySet<number>): Problem[] =>
  todoMarkers(file.text)
    .filter((marker) => !flagged.has(marker.line))
    .map((marker) => ({ file: file.file, ...marker, message: 'a TODO left by npm run new: fill it in and delete the marker' }));
