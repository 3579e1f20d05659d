// The site's Content-Security-Policy and the other security headers (README, "Deploy: security
// headers"). Pure: the build step and the tests both call it.

/** The only host a page may frame: YouTube's no-cookie player, for the What We Do video. */
export const VIDEO_ORIGIN = 'https://www.youtube-nocookie.com';

/**
 * The policy for pages whose inline code hashes to `scriptHashes` and `styleHashes` (CSP sources,
 * `'sha256-…'`), where the story form may send to `formOrigins` besides the site itself.
 * `inHeader` adds what a <meta> policy cannot carry: browsers ignore frame-ancestors there.
 * @param {{ scriptHashes: string[], styleHashes: string[], formOrigins?: string[], inHeader?: boolean }} options
 */
export function contentSecurityPolicy({ scriptHashes, styleHashes, formOrigins = [], inHeader = false }) {
  const sorted = (sources) => [...new Set(sources)].sort();
  const directives = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...sorted(scriptHashes)],
    ['style-src', "'self'", ...sorted(styleHashes)],
    ['img-src', "'self'", 'data:'],
    ['font-src', "'self'"],
    ['connect-src', "'self'", ...sorted(formOrigins)],
    ['frame-src', VIDEO_ORIGIN],
    ['worker-src', "'self'"],
    ['manifest-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'", ...sorted(formOrigins)],
    ...(inHeader ? [['frame-ancestors', "'none'"]] : []),
  ];
  return directives.map((sources) => sources.join(' ')).join('; ');
}

/**
 * Headers for every response besides the policy. Each line's reason:
 * - nosniff: a file is only ever run or styled as the type the host says it is.
 * - DENY: no other site may frame ours (for browsers too old for frame-ancestors).
 * - strict-origin: other sites learn only that a visitor came from STREE, never which story she
 *   read; the YouTube player needs that origin, so no-referrer would break the video.
 * - Permissions-Policy: the site needs no sensor, camera, microphone, location or payment, and
 *   neither may anything it frames; fullscreen and autoplay stay, for the video.
 * - same-origin opener: a page opened from ours cannot reach back into it.
 */
export const SECURITY_HEADERS = [
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
  ['Referrer-Policy', 'strict-origin'],
  ['Permissions-Policy', 'accelerometer=(), browsing-topics=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
];
