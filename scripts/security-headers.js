// Run after `astro build`: gives every page of dist/ a Content-Security-Policy <meta> that allows
// exactly its own inline scripts and styles by hash, and writes the same policy, with the other
// security headers, into dist/_headers for hosts that read it (README, "Deploy: security headers").
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { replaceBlock } from '../server/headers-file.js';
import { hashSource, inlineCode } from './security/inline-code.js';
import { SECURITY_HEADERS, contentSecurityPolicy } from './security/policy.js';
import { RUNTIME_STYLE_HASHES } from './security/runtime-styles.js';

const BEGIN = '# Security headers: written by scripts/security-headers.js after each build. Edit that script, not these lines.';
const END = '# End of security headers';

function htmlFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? htmlFiles(join(dir, entry.name)) : entry.name.endsWith('.html') ? [join(dir, entry.name)] : [],
  );
}

const escapeAttribute = (value) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/** `html` with its policy <meta> in place of any older one. */
function withPolicy(html, found, policy) {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(policy)}">`;
  let out = html;
  if (found.existingPolicy) out = out.slice(0, found.existingPolicy.start) + out.slice(found.existingPolicy.end);
  const at = found.existingPolicy && found.existingPolicy.start < found.insertAt
    ? found.insertAt - (found.existingPolicy.end - found.existingPolicy.start)
    : found.insertAt;
  return out.slice(0, at) + meta + out.slice(at);
}

/**
 * Adds the policy to every page of `dist` and writes `dist/_headers`; returns what it did, or
 * throws listing every page that has code no hash may allow.
 * @param {string} dist
 */
export function addSecurityHeaders(dist) {
  const pages = htmlFiles(dist).map((file) => {
    const html = readFileSync(file, 'utf8');
    return { file, html, found: inlineCode(html) };
  });
  const problems = pages.flatMap(({ file, found }) => found.problems.map((p) => `${relative(dist, file)}: ${p}`));
  if (problems.length > 0) {
    throw new Error(`Inline code that a Content-Security-Policy cannot allow safely:\n  ${problems.join('\n  ')}`);
  }

  // The story endpoint is wherever the build pointed the forms (PUBLIC_STORY_ENDPOINT).
  const formOrigins = [...new Set(pages.flatMap(({ found }) => found.formOrigins))];
  for (const { file, html, found } of pages) {
    const policy = contentSecurityPolicy({
      scriptHashes: found.scripts.map(hashSource),
      styleHashes: [...found.styles.map(hashSource), ...RUNTIME_STYLE_HASHES],
      formOrigins,
    });
    writeFileSync(file, withPolicy(html, found, policy));
  }

  // One rule for every path, so the header carries the hashes of all pages together; each page's
  // own <meta> still narrows it to that page's code, as a browser enforces both policies.
  const scriptHashes = pages.flatMap(({ found }) => found.scripts.map(hashSource));
  const styleHashes = [...pages.flatMap(({ found }) => found.styles.map(hashSource)), ...RUNTIME_STYLE_HASHES];
  const sitePolicy = contentSecurityPolicy({ scriptHashes, styleHashes, formOrigins, inHeader: true });
  const headersFile = join(dist, '_headers');
  const existing = existsSync(headersFile) ? readFileSync(headersFile, 'utf8') : '';
  const block = [BEGIN, '/*', ...[['Content-Security-Policy', sitePolicy], ...SECURITY_HEADERS].map(([name, value]) => `  ${name}: ${value}`), END];
  writeFileSync(headersFile, replaceBlock(existing, block));

  return {
    pages: pages.length,
    scriptHashes: new Set(scriptHashes).size,
    styleHashes: new Set(styleHashes).size,
    formOrigins,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const done = addSecurityHeaders(resolve('dist'));
    const endpoint = done.formOrigins.length > 0 ? ` Stories may go to ${done.formOrigins.join(', ')}.` : '';
    console.log(`Content-Security-Policy on ${done.pages} pages; dist/_headers allows ${done.scriptHashes} inline scripts and ${done.styleHashes} inline styles by hash.${endpoint}`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
