// The site's Content-Security-Policy and the other security headers (docs/decisions.md, "Content
// Security Policy"). Pure: the Astro config, the `_headers` writer and the tests all read it.

/** The only host a page may frame: YouTube's no-cookie player, for the What We Do video. */
export const VIDEO_ORIGIN = 'https://www.youtube-nocookie.com';

/**
 * Google Apps Script answers a story POST with a 302 to this host (docs/stories.md): the form
 * must be allowed to follow it there.
 */
const APPS_SCRIPT_ORIGIN = 'https://script.google.com';
const APPS_SCRIPT_ANSWER_ORIGIN = 'https://script.googleusercontent.com';

/**
 * The origins the story form may send to besides the site itself: the collector of
 * PUBLIC_STORY_ENDPOINT and, for Apps Script, the host its answer comes from.
 * @param {string | undefined} endpoint an absolute address, or a path on the site itself
 */
export function storyOrigins(endpoint) {
  if (!endpoint || !/^https?:\/\//i.test(endpoint)) return [];
  const origin = new URL(endpoint).origin;
  return origin === APPS_SCRIPT_ORIGIN ? [origin, APPS_SCRIPT_ANSWER_ORIGIN] : [origin];
}

/**
 * Every directive but script-src and style-src, which Astro writes with the hashes of each page's
 * own inline code (`security.csp` in the integration).
 * @param {{ storyOrigins?: string[] }} options
 */
export function policyDirectives({ storyOrigins = [] } = {}) {
  return [
    "default-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    // Play in the story form plays her recording from a blob: address (src/islands/VoiceRecorder.ts).
    "media-src 'self' blob:",
    ['connect-src', "'self'", ...storyOrigins].join(' '),
    `frame-src ${VIDEO_ORIGIN}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    ['form-action', "'self'", ...storyOrigins].join(' '),
  ];
}

/** What a `<meta>` policy cannot carry, so only the header has it: browsers ignore it there. */
export const HEADER_ONLY_DIRECTIVES = ["frame-ancestors 'none'"];

/**
 * What the site may use of the phone, as a Permissions-Policy header (a Structured Fields
 * dictionary). The site needs no sensor, camera, location or payment, and neither may anything it
 * frames. The microphone is the site's own only where she can tell her story by voice.
 * @param {{ microphone?: boolean }} [options] whether the site itself may record
 */
export function permissionsPolicy({ microphone = false } = {}) {
  return [
    'accelerometer=()',
    'browsing-topics=()',
    'camera=()',
    'geolocation=()',
    'gyroscope=()',
    'magnetometer=()',
    `microphone=(${microphone ? 'self' : ''})`,
    'payment=()',
    'usb=()',
  ].join(', ');
}

/**
 * Headers for every response besides the policy. Each line's reason:
 * - nosniff: a file is only ever run or styled as the type the host says it is.
 * - DENY: no other site may frame ours (for browsers too old for frame-ancestors).
 * - strict-origin: other sites learn only that a visitor came from STREE, never which story she
 *   read; the YouTube player needs that origin, so no-referrer would break the video.
 * - Permissions-Policy: nothing of the phone, the microphone included; fullscreen and autoplay
 *   stay, for the video. The pages with the story form get the microphone back (./headers.js).
 * - same-origin opener: a page opened from ours cannot reach back into it.
 */
export const SECURITY_HEADERS = [
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
  ['Referrer-Policy', 'strict-origin'],
  ['Permissions-Policy', permissionsPolicy()],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
];
