/** Types of transpileTypeScript.mjs for the unit tests. */
export declare function transpileTypeScript(options?: { tsconfig?: string; include?: RegExp }): {
  name: string;
  transform(this: { error(message: string): never }, code: string, id: string): { code: string; map: null } | null;
};
