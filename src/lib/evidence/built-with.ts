/**
 * A capture header's `package` for a client the lab built with dependencies other than its
 * release pins (an old Go tag whose pinned JSON library no longer compiles): the registry package,
 * then which dependencies were raised. One home for that text, so the kit that writes it and the
 * release rules that read the registry package back agree.
 */

const BUILT_WITH = ', built with ';
const IN_PLACE = ' in place of what its go.mod pins';

/** The header's `package` for `pkg` built with `raised` (`module@version` each); `pkg` itself where nothing was raised. */
export const builtWith = (pkg: string, raised: readonly string[]): string =>
  raised.length === 0 ? pkg : `${pkg}${BUILT_WITH}${raised.join(' and ')}${IN_PLACE}`;

/** The registry package a header's `package` names, without what the lab raised to build it. */
export const registryPackage = (label: string): string => {
  const at = label.indexOf(BUILT_WITH);
  return at === -1 ? label : label.slice(0, at);
};
