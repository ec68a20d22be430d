import { hostOf, type ElementProps } from './defineElement';

/**
 * What a visitor typed into the served form before its light-DOM island woke (issue 34): the
 * island renders over the served form, and its fields would start empty. For each key of
 * `initial`, the served control of that name gives its value (a checkbox: whether it is checked);
 * a missing control keeps the initial value.
 */
export function servedValues<T extends object>(container: ElementProps['container'], initial: T): T {
  const form = hostOf(container)?.querySelector('form');
  if (!form) return initial;
  const values = { ...initial } as Record<string, unknown>;
  for (const [name, empty] of Object.entries(initial)) {
    const control = form.elements.namedItem(name);
    if (!(control instanceof HTMLInputElement)) continue;
    values[name] = typeof empty === 'boolean' ? control.checked : control.value;
  }
  return values as T;
}
