// The byte budgets of docs/design.md ("Budgets"), in one place for the check and its README table;
// those that differ by edition are in each edition's row (src/lib/editions.ts).
import { editionFolder } from '../../src/lib/addresses.ts';
import { EDITIONS } from '../../src/lib/editions.ts';
const KB = 1024;

export const LIMITS = {
  /**
   * /home up to the end of its first section (the banner), gzip, with the CSS inlined in its
   * head: what the first round trip (about 14 KB) must carry for the first screen to paint.
   */
  homeFirstScreen: 14 * KB,
  // All of an edition's /home HTML with its CSS, and any other page's HTML with its
  // render-blocking CSS, gzip: each edition's row says (src/lib/editions.ts, `budgets`).
  // English /home: docs/design.md's 22 KB. The spec's home page (8 focus issues, 9 testimonials,
  // 6 problems, 6 solutions, 5 gallery tabs of 4 cards, the form) with React islands, its share
  // tags and JSON-LD (0.4 KB) and its CSP's hashes (0.7 KB, which do not compress) measured
  // 20.6 KB; the help bar and the five helplines every page carries (docs/help.md) add 1.3 KB.
  // What the form says to a woman who hears it (where Record is, a call or WhatsApp where the
  // phone cannot record, what happens next) and Listen's drawn loudspeaker added 0.4 KB (issue 33).
  // Its first screen still arrives in the first 14 KB (above).
  /**
   * JavaScript a page loads, gzip: docs/design.md's 120 KB. /home's islands share React (69 KB)
   * and Swiper's core with its modules (28 KB). The card's carousel and snackbar islands, Listen's
   * starter, the form drawn from one description, Record and its loader, the words about recording
   * (issue 33), the phone's side of a recording in parts and client:decor had brought /home to
   * 124.3 KB. Issue 35 cut 6 KB: each edition's form island carries its own words, not all three
   * (2.1 to 2.6 KB), and the carousel island starts Swiper itself, without swiper/react (3.8 KB).
   * With the carousels' own autoplay timer: /hi/home 117.8 KB (120,673 B), /home 117.4 KB.
   */
  homeScript: 120 * KB,
  /** The splash must not need a framework: a few hundred bytes of inline redirect at most. */
  splashScript: 1 * KB,
  /**
   * Script a phone fetches on a story page before she touches anything: the drawer and the form
   * wake only when she reaches them, so this is Astro's island loader and a few small page scripts.
   */
  storyPageScriptBeforeTouch: 10 * KB,
  /** The largest image a 360 px phone (2× screen) fetches while loading a page. */
  largestImage: 60 * KB,
};

/** Each edition's home page, splash and budgets, by site path: `/hi/home/` and so on. */
export const EDITION_PAGES = EDITIONS.map(({ code, budgets }) => ({
  home: `/${editionFolder(code)}home/`,
  splash: `/${editionFolder(code)}`,
  homeCritical: budgets.homeKB * KB,
  pageCritical: budgets.pageKB * KB,
}));
