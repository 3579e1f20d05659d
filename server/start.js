// `npm start`: the built site from dist/ plus the local story inbox, at BASE_PATH if the site was
// built for a sub-path (README, "Deploy").
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { INBOX_PATH, thankYouPath, withBase } from '../src/lib/addresses.ts';
import { normaliseBase } from '../src/lib/base-path.js';
import { STALL_MS, patienceFor } from '../src/story-outbox/contract.js';
import { MULTIPART_BODY_LIMIT, createInbox } from './inbox.js';
import { staticSite } from './static-site.js';

const port = Number(process.env.PORT) || 4321;
const host = process.env.HOST || '127.0.0.1';
const base = normaliseBase(process.env.BASE_PATH);
const dist = resolve('dist');
const serveSite = staticSite(dist, { base });
const inboxFile = resolve(process.env.STORY_INBOX_FILE || 'data/stories.csv');
// Stories and their recordings (in `recordings/` beside the file) are never served: inside dist/,
// the static site would hand them to anyone who guessed a name.
if (!relative(dist, inboxFile).startsWith('..') && !isAbsolute(relative(dist, inboxFile))) {
  console.error(`STORY_INBOX_FILE (${inboxFile}) is inside ${dist}, which is served: put it outside, for example data/stories.csv.`);
  process.exit(1);
}
/** The built thank-you page in a language, if there is one (hosts may serve dist/ without it). */
const thankYouPage = (locale) => {
  const path = thankYouPath(locale);
  return existsSync(join(dist, path, 'index.html')) ? withBase(path, base) : undefined;
};
const inbox = createInbox({ file: inboxFile, base, thankYouPage });
// The form's default endpoint; a query string does not change the path.
const inboxPath = withBase(INBOX_PATH, base);
const isInbox = (url = '') => url.split('?')[0].replace(/\/$/, '') === inboxPath;

// Node's own limits on a request's time: its headers may take as long as a stalled body may
// (src/story-outbox/contract.js), not the default minute; the whole request as long as the largest
// form with a recording takes at the slowest link's pace, not the default 300 s, which held a body
// sent a byte at a time for five minutes and would cut a woman's file on 2G. The inbox itself cuts
// a body that stalls or crawls (server/request-body.js).
const server = createServer(
  { headersTimeout: STALL_MS, requestTimeout: patienceFor(MULTIPART_BODY_LIMIT) },
  (req, res) => (isInbox(req.url) ? inbox(req, res) : serveSite(req, res)),
);
server.listen(port, host, () => {
  console.log(`STREE is at http://${host === '127.0.0.1' ? 'localhost' : host}:${port}${base}`);
  console.log(`Stories sent through the form are saved in ${inboxFile}`);
});
