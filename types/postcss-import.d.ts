/** postcss-import (no types of its own), as build/cssModule.mjs uses it: the plugin with its default options. */
declare module 'postcss-import' {
  import type { PluginCreator } from 'postcss';
  const postcssImport: PluginCreator<Record<string, unknown>>;
  export default postcssImport;
}
