/** Types of reactAliases.mjs for vitest.config.ts. */
export declare const reactAliases: { find: RegExp; replacement: string }[];
