// Styles that an island's library inserts as a <style> element when its module loads: the build
// output does not show them, so Astro cannot hash them and they are listed here. If a library
// update changes one, tests/e2e/security.spec.ts fails with the blocked style's new hash.

/**
 * react-type-animation 3 (the typed quote, src/islands/TeamQuote.tsx) adds an empty <style> to
 * <head>, then fills it with its cursor's CSS: each step is checked against the policy.
 */
export const RUNTIME_STYLE_HASHES = [
  'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=', // the empty element
  'sha256-RpGvlRbRQPlLZDBLDKCjN1VY9+ac/RHqgjmDHc2Y6PA=', // .index-module_type__E-SaG::after { … }
];
