import { describe, expect, it } from 'vitest';
import { transpileTypeScript } from '../../build/transpileTypeScript.mjs';

const context = {
  error(message: string): never {
    throw new Error(message);
  },
};

describe('transpileTypeScript (the build compiles TypeScript per file)', () => {
  const plugin = transpileTypeScript();

  it('turns TSX into JavaScript with the automatic JSX runtime and no types left', () => {
    const result = plugin.transform.call(
      context,
      'interface P { n: number }\nexport const View = (p: P): unknown => <b>{p.n as number}</b>;',
      '/repo/widgets/x/View.tsx',
    );
    expect(result?.code).toContain('react/jsx-runtime');
    expect(result?.code).not.toMatch(/interface|: P|as number/);
  });

  it('leaves files outside widgets/ and declaration files to the other plugins', () => {
    expect(plugin.transform.call(context, 'export const a: number = 1;', '/repo/node_modules/x/index.ts')).toBeNull();
    expect(plugin.transform.call(context, 'declare const a: number;', '/repo/widgets/types.d.ts')).toBeNull();
  });

  it('fails the build on a syntax error, naming the file', () => {
    expect(() => plugin.transform.call(context, 'export const = 1;', '/repo/widgets/x/broken.ts')).toThrow(/broken\.ts/);
  });
});
