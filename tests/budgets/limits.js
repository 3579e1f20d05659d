// The byte budgets of docs/design.md ("Budgets"), in one place for the check and its README table.
const KB = 1024;

export const LIMITS = {
  /**
   * /home up to the end of its first section (the banner), gzip, with the CSS inlined in its
   * head: what the first round trip (about 14 KB) must carry for the first screen to paint.
   */
  homeFirstScreen: 14 * KB,
  /**
   * All of /home's HTML with its CSS, gzip: docs/design.md's 22.5 KB. The spec's home page (8 focus
   * issues, 9 testimonials, 6 problems, 6 solutions, 5 gallery tabs of 4 cards, the form) with
   * React islands, its share tags and JSON-LD (0.4 KB) and its CSP's hashes (0.7 KB, which do
   * not compress) measured 20.6 KB; the help bar and the five helplines every page carries
   * (docs/help.md) add 1.3 KB. What the form says to a woman who hears it (where Record is, a call
   * or WhatsApp where the phone cannot record, what happens next) and Listen's drawn loudspeaker
   * added 0.5 KB, 22.4 KB (issue 33). Its first screen still arrives in the first 14 KB (above).
   */
  homeCritical: 22.5 * KB,
  /** The same for /hi/home: Devanagari takes 3 bytes a letter in UTF-8, where English takes 1. */
  hindiHomeCritical: 28 * KB,
  /** Any other page's HTML plus render-blocking CSS, gzip. */
  pageCritical: 14 * KB,
  /**
   * JavaScript a page loads, gzip: /home's islands share React (69 KB) and Swiper with its React
   * binding (32 KB). Was 120 KB; the card's carousel and snackbar islands, Listen's starter and the
   * form drawn from one description brought /home to 121 KB (docs/bench.md); the Record button
   * and its loader to 122.0 KB, after the form's server-only words left its script (decisions.md);
   * the microphone drawn on Record, Delete draft taking the recording too and the placing of the
   * page's words about recording (issue 33) to 122.5 KB (125,432 B).
   */
  homeScript: 122.5 * KB,
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
