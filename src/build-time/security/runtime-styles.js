// Styles that an island's library inserts as a <style> element when its module loads: the build
// output does not show them, so Astro cannot hash them and they are listed here. If a library
// update changes one, tests/e2e/security.spec.ts fails with the blocked style's new hash.

/**
 * Each island whose library inserts styles, named as its chunk is (after its module's file), and
 * the hashes of what it inserts.
 */
const RUNTIME_STYLES = [
  {
    // react-type-animation 3 (the typed quote) adds an empty <style> to <head>, then fills it with
    // its cursor's CSS: each step is checked against the policy.
    island: 'TeamQuote',
    hashes: [
      'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=', // the empty element
      'sha256-RpGvlRbRQPlLZDBLDKCjN1VY9+ac/RHqgjmDHc2Y6PA=', // .index-module_type__E-SaG::after { … }
    ],
  },
];

/** Every runtime style's hash: what Astro is told, for every page, before each page keeps its own. */
export const RUNTIME_STYLE_HASHES = RUNTIME_STYLES.flatMap(({ hashes }) => hashes);

/**
 * The runtime styles' hashes a built page needs: those of the islands it holds. A page without
 * the typed quote does not carry its two (about 95 bytes gzip, hashes do not compress).
 * @param {string} html one page of dist/
 * @returns {string[]}
 */
export function runtimeStyleHashes(html) {
  const islands = [...html.matchAll(/<astro-island\b[^>]*\bcomponent-url="[^"]*\/([^/."]+)\.[^"]*"/g)].map(([, name]) => name);
  return RUNTIME_STYLES.filter(({ island }) => islands.includes(island)).flatMap(({ hashes }) => hashes);
}
