// The policy of the editors' page /admin/ (docs/admin.md), and only of it: Sveltia CMS is one
// large script that styles itself at run time and talks to the repository host's API, which the
// visitors' policy rightly forbids. Nothing else is allowed, so the editor's browser reaches only
// the site and the host's API: its fonts are served from the site (src/build-time/admin-fonts.ts), and
// its update check and the host's status page stay blocked.

/**
 * @param {{ apiOrigin: string }} options the repository host's API (https://api.github.com)
 * @returns {string[]} directives for the page's <meta>; the header adds frame-ancestors
 */
export function adminPolicyDirectives({ apiOrigin }) {
  return [
    "default-src 'self'",
    // Its one script file, served from the site; no inline script, no eval.
    "script-src 'self'",
    // Svelte sets styles on elements as it draws them: no hash can list those.
    "style-src 'self' 'unsafe-inline'",
    // The host's API for files and commits; data: and blob: for the pictures it reads and uploads.
    `connect-src 'self' data: blob: ${apiOrigin}`,
    `img-src 'self' data: blob: ${apiOrigin}`,
    "media-src 'self' blob:",
    "font-src 'self'",
    "worker-src 'self' blob:",
    "frame-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ];
}
