/**
 * Each client's tool-name runs (src/lib/server-check/tool-names.ts), from every capture whose client
 * called the stand-in model. Built once per build.
 */
import { captureData } from './captures.ts';
import { nameRuns, type NameRun } from '../lib/server-check/tool-names.ts';
import { nameObservation } from '../lib/lab/tool-name-evidence.ts';

let cached: Promise<Map<string, NameRun[]>> | undefined;

/** Per client id, how its captured versions named a server's tools for the model, oldest run first. */
export const toolNameRuns = (): Promise<Map<string, NameRun[]>> =>
  (cached ??= captureData().then((views) => {
    const byClient = Map.groupBy(
      views.flatMap((view) => {
        const observation = nameObservation(view.capture);
        return observation === undefined ? [] : [{ client: view.capture.header.client, observation }];
      }),
      (item) => item.client,
    );
    return new Map([...byClient].map(([client, items]) => [client, nameRuns(items.map((item) => item.observation))]));
  }));
