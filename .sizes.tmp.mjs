import { rollup } from 'rollup';
import { gzipSync } from 'zlib';
import config from './rollup.config.mjs';
const c = config[0];
const bundle = await rollup({ ...c, input: { consent: 'widgets/consent/define.ts' }, plugins: c.plugins.filter(p => p.name !== 'island-manifest') });
const { output } = await bundle.generate({ format: 'es', preserveModules: true });
for (const ch of output) if (ch.type === 'chunk') console.log(String(gzipSync(ch.code, { level: 9 }).length).padStart(6), String(ch.code.length).padStart(6), ch.fileName);
