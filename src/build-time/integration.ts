// The project's own Astro integration: everything `astro build` must do besides the pages, in one
// place and one order (docs/architecture.md). A host that runs `astro build` gets the whole site.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroUserConfig } from 'astro';
import { loadEnv } from 'vite';
import { normaliseBase } from '../lib/base-path.js';
import { linksOutsideBase } from './base-links.js';
import { editorBackend } from './admin-backend.js';
import { EDITOR_FOLDER, htmlFiles } from './dist-files.js';
import { sampleAddresses, sampleValues, untranslatedEntries } from './unfinished-content.js';
import { DEFAULT_LOCALE, LOCALES } from '../i18n/locales';
import { adminPolicyDirectives } from './security/admin-policy.js';
import { writeSecurityHeaders } from './security/headers.js';
import { checkPages } from './security/check-pages.js';
import { policyDirectives, storyOrigins } from './security/policy.js';
import { RUNTIME_STYLE_HASHES } from './security/runtime-styles.js';
import { buildServiceWorker } from './service-worker.js';
import { CARD_CACHE_ENV } from './share-card-cache';
import { CARD_BAND_WORKER_ENV } from './card-band-drawer';
import { cardsAmongPages } from './cards-among-pages';
import { copyEditionFonts } from './edition-fonts';

type CspConfig = Exclude<NonNullable<AstroUserConfig['security']>['csp'], boolean | undefined>;

/** Fails the build with one line per problem, each naming its page. */
function failOn(problems: string[], heading: string) {
  if (problems.length > 0) throw new Error(`${heading}:\n  ${problems.join('\n  ')}`);
}

export default function streeSite(): AstroIntegration {
  let root = '';
  let base = '/';
  let storyEndpoint = '';

  return {
    name: 'stree-site',
    hooks: {
      'astro:config:setup': ({ config, command, updateConfig, addClientDirective }) => {
        root = fileURLToPath(config.root);
        // client:reach: an island wakes when the visitor first reaches for it (src/browser/hydrate-on-reach.ts).
        addClientDirective({ name: 'reach', entrypoint: join(root, 'src/browser/hydrate-on-reach.ts') });
        // client:decor: decoration, never woken where she saves data; else settled or visible (src/browser/hydrate-decoration.ts).
        addClientDirective({ name: 'decor', entrypoint: join(root, 'src/browser/hydrate-decoration.ts') });
        // client:message: on the snackbar store's first message (src/browser/hydrate-on-message.ts).
        addClientDirective({ name: 'message', entrypoint: join(root, 'src/browser/hydrate-on-message.ts') });
        // As the pages read it: from the environment or a .env file.
        const mode = command === 'dev' ? 'development' : 'production';
        storyEndpoint = loadEnv(mode, root, 'PUBLIC_').PUBLIC_STORY_ENDPOINT ?? '';
        // Astro hashes each page's own scripts and styles into a <meta> policy; we give the rest.
        updateConfig({
          security: {
            csp: {
              // Set here, after Astro has filled in its defaults: it would not fill this one in.
              algorithm: 'SHA-256',
              directives: policyDirectives({ storyOrigins: storyOrigins(storyEndpoint) }) as CspConfig['directives'],
              styleDirective: { hashes: RUNTIME_STYLE_HASHES as NonNullable<CspConfig['styleDirective']>['hashes'] },
            },
          },
        });
      },
      'astro:config:done': ({ config }) => {
        base = normaliseBase(config.base);
        // The share cards' cache lives with Astro's own, in the folder hosts keep between builds.
        process.env[CARD_CACHE_ENV] = fileURLToPath(new URL('share-cards/', config.cacheDir));
        // The cards' drawing thread runs from its source file: the pages' code is bundled elsewhere.
        process.env[CARD_BAND_WORKER_ENV] = fileURLToPath(new URL('./card-band-worker.js', import.meta.url));
      },
      'astro:build:start': ({ setPrerenderer }) => {
        setPrerenderer(cardsAmongPages);
      },
      'astro:build:done': async ({ dir, logger }) => {
        const dist = fileURLToPath(dir);
        const content = `${root}/src/content`;
        // Astro gives every page the hashes of the whole site's inline code: each keeps its own, and
        // those of the styles its islands' libraries insert. A sample never acts as real
        // (src/lib/samples.ts): no page may link to one.
        const checked = await checkPages(htmlFiles(dist), { samples: sampleAddresses(content) });
        const pages = checked.map((page) => ({ ...page, file: page.file.slice(dist.length) }));

        failOn(
          pages.flatMap(({ file, problems }) => problems.map((problem) => `${file}: ${problem}`)),
          'Markup that a Content-Security-Policy cannot allow safely',
        );
        failOn(pages.filter(({ policy }) => !policy).map(({ file }) => `${file}: no policy <meta>`), 'Pages without a policy');
        // The fonts the editions' pages name in their heads (docs/design.md, "Letters on every phone").
        const fonts = copyEditionFonts(dist);
        logger.info(`Edition fonts: ${fonts.join(', ') || 'none'}.`);
        const worker = await buildServiceWorker({ root, dist, storyEndpoint });
        logger.info(`Service worker: precaches ${worker.count} files, ${(worker.size / 1024).toFixed(0)} KB before compression.`);

        // After the worker: its script gets the site's policy too (a worker's policy is its own
        // response's). The editors' /admin/ (docs/admin.md) gets its own policy, none of the site's.
        const editor = editorBackend(process.env);
        const hasEditor = existsSync(join(dist, EDITOR_FOLDER));
        const editorPolicy = hasEditor ? adminPolicyDirectives({ apiOrigin: editor.apiOrigin }).join('; ') : undefined;
        const formPages = new Set(checked.filter(({ hasForm }) => hasForm).map(({ file }) => file));
        writeSecurityHeaders(dist, pages.map(({ policy }) => policy!), { editorPolicy, hasForm: (file) => formPages.has(file) });
        if (hasEditor && !editor.isSet) {
          logger.warn('The editor at /admin/ names no repository: set CMS_REPO=owner/name where the site is built (README, "Editing in the browser").');
        }

        failOn(linksOutsideBase(dist, base), `Addresses outside the base ${base}`);

        failOn(
          pages.flatMap(({ file, sampleLinks }) => sampleLinks.map((problem) => `${file}: ${problem}`)),
          'Links to sample values; show them as samples instead (src/lib/samples.ts)',
        );
        const samples = sampleValues(content);
        if (samples.length > 0) {
          logger.warn(`Still sample content (${samples.length}): replace with the organisation's own, then drop the sample mark.\n  - ${samples.join('\n  - ')}`);
        }
        const editions = LOCALES.filter((locale) => locale !== DEFAULT_LOCALE);
        for (const locale of editions) {
          const missing = untranslatedEntries(content, locale, editions);
          if (missing.length > 0) {
            logger.warn(`Not yet in ${locale} (${missing.length}): its pages show these in English under a notice; add src/content/${locale}/… for each.\n  - ${missing.join('\n  - ')}`);
          }
        }
      },
    },
  };
}
