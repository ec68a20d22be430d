import ts from 'typescript';

/**
 * Rollup plugin: TypeScript -> JavaScript one file at a time with the compiler's
 * transpileModule, using tsconfig.json's compiler options (JSX, target). It does not
 * type-check: `npm run typecheck` (tsc --noEmit) does, once, in `npm test` and CI.
 * A whole-program build (@rollup/plugin-typescript) spent 15-40 s per build
 * creating a program; this is well under a second for every widget.
 */
export function transpileTypeScript({ tsconfig = './tsconfig.json', include = /\/widgets\/.*\.tsx?$/ } = {}) {
  const parsed = ts.parseJsonConfigFileContent(ts.readConfigFile(tsconfig, ts.sys.readFile).config, ts.sys, process.cwd());
  const compilerOptions = { ...parsed.options, noEmit: false, sourceMap: false, declaration: false, isolatedModules: true };
  return {
    name: 'transpile-typescript',
    transform(code, id) {
      if (!include.test(id) || id.endsWith('.d.ts')) return null;
      const result = ts.transpileModule(code, { compilerOptions, fileName: id, reportDiagnostics: true });
      const syntaxError = result.diagnostics?.find((diagnostic) => diagnostic.category === ts.DiagnosticCategory.Error);
      if (syntaxError) this.error(`${id}: ${ts.flattenDiagnosticMessageText(syntaxError.messageText, '\n')}`);
      return { code: result.outputText, map: null };
    },
  };
}

