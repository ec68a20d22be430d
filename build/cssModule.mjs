import postcss from 'postcss';
import postcssImport from 'postcss-import';
import cssnano from 'cssnano';

/** PostCSS pipeline shared by the site stylesheet and the widgets' CSS imports. */
export function processCss(css, from) {
  return postcss([postcssImport(), cssnano({ preset: ['default', { discardComments: { removeAll: true } }] })])
    .process(css, { from, map: false })
    .then((result) => result.css);
}

/**
 * Rollup plugin: `import css from './styles.css'` gives the processed CSS text,
 * which defineElement() adopts into the element's shadow root.
 */
export function cssText() {
  return {
    name: 'css-text',
    async transform(code, id) {
      if (!id.endsWith('.css')) return null;
      const css = await processCss(code, id);
      return { code: `export default ${JSON.stringify(css)};`, map: { mappings: '' } };
    },
  };
}
