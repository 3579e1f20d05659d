// Two runs of the end-to-end suite (docs/development.md, "Two runs"). `npm test` runs each
// behaviour once, in the first page, width or edition of its loop, so a change is checked in about
// 8 minutes on two cores; the whole run (`npm run test:full`, and CI) adds every other page, width
// and edition, and the tests that wait on a slow link in real time. A new test runs in both unless
// it says otherwise.

/** Marks a test, or a describe block, that only the whole run needs. */
export const WHOLE_RUN = { tag: '@whole-run' } as const;

/** For a test in a loop: it runs on every change where `everyChange` holds, else in the whole run only. */
export const everyChangeIf = (everyChange: boolean) => (everyChange ? {} : WHOLE_RUN);
