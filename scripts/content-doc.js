// `npm run content-doc`: writes CONTENT.md's field tables from the schema (src/content.config.ts).
// The schema needs Astro's Vite plugins (astro:content), so the module is imported through Vite
// with the site's own config, as the unit tests import it (tests/unit/content-doc.test.ts).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { getViteConfig } from 'astro/config';
import { runnerImport } from 'vite';

const root = process.cwd();
const config = await getViteConfig({})({ command: 'serve', mode: 'development' });
const { module } = await runnerImport(join(root, 'src/build-time/content-doc-file.ts'), {
  ...config,
  configFile: false,
  logLevel: 'warn',
});
const { current, written } = module.contentDoc(root);
if (written === current) {
  console.log('CONTENT.md is up to date.');
} else {
  writeFileSync(join(root, 'CONTENT.md'), written);
  console.log('CONTENT.md: field tables written from src/content.config.ts.');
}
