import base from '../vite.config';
import { writeFileSync } from 'node:fs';
const withBoot = process.env.BOOT === '1';
export default {
  ...base,
  build: { ...base.build, outDir: '/tmp/an-' + (withBoot ? 'boot' : 'plain'), rollupOptions: withBoot ? base.build!.rollupOptions : {} },
  plugins: [...(base.plugins as any[]), { name: 'an', generateBundle(_: any, bundle: any) {
    const out: Record<string, number> = {};
    for (const c of Object.values<any>(bundle)) if (c.type === 'chunk') for (const [id, m] of Object.entries<any>(c.modules)) out[c.fileName.split('-')[0].replace('assets/','') + ' ' + id.replace(/.*node_modules\//,'nm:')] = m.renderedLength;
    writeFileSync('/tmp/an-' + (withBoot ? 'boot' : 'plain') + '.json', JSON.stringify(out));
  } }],
};
