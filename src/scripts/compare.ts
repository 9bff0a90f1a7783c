/**
 * Progressive comparison on /matrix: without JavaScript every client's row shows. With it, the
 * reader picks 2 to 4 clients and both tables show only their rows; the URL (`?compare=zed,codex`)
 * says so, so a comparison can be shared and survives back and forward.
 */
import { COMPARE_MAX, COMPARE_MIN, compareHint, parseCompare } from '../lib/matrix/compare.ts';

/** Shows the compare form and filters both tables' rows by the clients picked, in step with the URL. */
export const wireCompare = (): void => {
  const form = document.querySelector<HTMLFormElement>('[data-compare]');
  const status = document.querySelector<HTMLElement>('[data-compare-status]');
  const reset = document.querySelector<HTMLButtonElement>('[data-compare-reset]');
  if (!form || !status || !reset) return;
  const boxes = [...form.querySelectorAll<HTMLInputElement>('input[name="compare"]')];
  const rows = [...document.querySelectorAll<HTMLTableRowElement>('tr[data-client]')];
  const known = boxes.map((box) => box.value);
  const nameOf = (id: string) => boxes.find((box) => box.value === id)?.parentElement?.textContent?.trim() ?? id;

  const apply = (picked: readonly string[]) => {
    for (const box of boxes) {
      box.checked = picked.includes(box.value);
      // A fifth pick is refused up front rather than silently dropped.
      box.disabled = !box.checked && picked.length >= COMPARE_MAX;
    }
    const comparing = picked.length >= COMPARE_MIN;
    for (const row of rows) row.hidden = comparing && !picked.includes(row.dataset['client'] ?? '');
    reset.disabled = picked.length === 0;
    status.textContent = comparing
      ? `Comparing ${picked.length} clients: ${picked.map(nameOf).join(', ')}.${picked.length >= COMPARE_MAX ? ' Four is the most; untick one to pick another.' : ''}`
      : compareHint(known.length, picked.length);
  };

  const push = (picked: readonly string[]) => {
    history.pushState(null, '', picked.length === 0 ? location.pathname : `?compare=${picked.join(',')}`);
    apply(picked);
  };

  form.addEventListener('change', () => push(boxes.filter((box) => box.checked).map((box) => box.value)));
  form.addEventListener('submit', (event) => event.preventDefault());
  reset.addEventListener('click', () => push([]));
  addEventListener('popstate', () => apply(parseCompare(location.search, known)));
  form.hidden = false;
  apply(parseCompare(location.search, known));
};
