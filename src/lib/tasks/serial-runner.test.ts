import { describe, expect, test } from 'vitest';
import { createSerialRunner } from './serial-runner.ts';

/** A promise with its resolve handle, to hold a run open while the test makes more requests. */
const gate = () => {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
};

describe('createSerialRunner', () => {
  test('never runs two at once, and requests made during a run lead to exactly one more', async () => {
    const gates = [gate(), gate()];
    let active = 0;
    let most = 0;
    let runs = 0;
    const runner = createSerialRunner(
      async () => {
        const run = runs++;
        active++;
        most = Math.max(most, active);
        await gates[run]?.opened;
        active--;
      },
      () => {},
    );
    const first = runner.request();
    const during = [runner.request(), runner.request(), runner.request()];
    expect(runs).toBe(1);
    gates[0]?.open();
    await first;
    gates[1]?.open();
    await Promise.all(during);
    expect(runs).toBe(2);
    expect(most).toBe(1);
  });

  test('a request settles only after a run that began after it, so it sees what was saved before it', async () => {
    let version = 0;
    let seen = -1;
    const hold = gate();
    const runner = createSerialRunner(
      async () => {
        const reading = version;
        await hold.opened;
        seen = reading;
      },
      () => {},
    );
    void runner.request();
    version = 1;
    const fresh = runner.request();
    hold.open();
    await fresh;
    expect(seen).toBe(1);
  });

  test('a failing run is reported and does not stop later ones', async () => {
    const errors: unknown[] = [];
    let runs = 0;
    const runner = createSerialRunner(
      async () => {
        runs++;
        if (runs === 1) throw new Error('unreadable');
        await Promise.resolve();
      },
      (error) => errors.push(error),
    );
    await expect(runner.request()).resolves.toBeUndefined();
    await runner.request();
    expect(runs).toBe(2);
    expect(errors).toEqual([new Error('unreadable')]);
  });
});
