/**
 * Progressive filtering of /research: the list is complete without JavaScript; with it, the
 * selects filter the list in place and the URL (`?client=fast-agent&kind=nuance`) says so, so a
 * view can be shared and survives back and forward.
 */
const fields = { kind: 'kind', client: 'clients', revision: 'revisions', capability: 'capabilities', status: 'status' } as const;
type Field = keyof typeof fields;

export const wireFilters = (): void => {
  const form = document.querySelector<HTMLFormElement>('[data-filters]');
  const count = document.querySelector<HTMLElement>('[data-count]');
  const items = [...document.querySelectorAll<HTMLLIElement>('li[data-kind]')];
  if (!form || !count) return;
  const selects = Object.keys(fields)
    .map((name) => form.elements.namedItem(name))
    .filter((el): el is HTMLSelectElement => el instanceof HTMLSelectElement);

  const apply = (params: URLSearchParams) => {
    for (const select of selects) select.value = params.get(select.name) ?? '';
    let shown = 0;
    for (const item of items) {
      const match = selects.every((select) => {
        if (select.value === '') return true;
        const values = (item.dataset[fields[select.name as Field]] ?? '').split(' ');
        return values.includes(select.value);
      });
      item.hidden = !match;
      if (match) shown += 1;
    }
    count.textContent = shown === items.length ? `${items.length} notes` : `${shown} of ${items.length} notes match`;
  };

  const current = () => {
    const params = new URLSearchParams();
    for (const select of selects) if (select.value !== '') params.set(select.name, select.value);
    return params;
  };

  form.addEventListener('change', () => {
    const params = current();
    const query = params.toString();
    history.pushState(null, '', query === '' ? location.pathname : `?${query}`);
    apply(params);
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
  });
  addEventListener('popstate', () => apply(new URLSearchParams(location.search)));
  apply(new URLSearchParams(location.search));
};
