/**
 * A value a test helper's beforeAll or beforeEach hook sets, read through a getter of what the
 * helper returns: the value once the hook has run, else an error that says where to read it.
 */
export function setByHook<T>(value: T | undefined, name: string): T {
  if (value === undefined) throw new Error(`no ${name} yet: read it inside a hook or test that runs after the helper's hook`);
  return value;
}
