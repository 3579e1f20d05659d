// A stand-in for Google's Apps Script web apps, on this machine, running the project's own
// collector (deploy/apps-script/Code.js, through ./collector.ts). It answers as Google documents
// and as Apps Script is seen to answer (docs/stories.md, "As Google runs it"):
// - `OPTIONS` (a CORS preflight) gets 405 and no CORS header: a preflighted request fails;
// - a POST or GET to https://script.google.com/macros/s/{id}/exec runs doPost or doGet. Whatever
//   happens the status is 200 (or the 302 below): Apps Script sets no other;
// - a ContentService output is answered 302, with `Access-Control-Allow-Origin: *`, to
//   https://script.googleusercontent.com/macros/echo?…, which answers it to a GET with that header;
// - an HtmlService output is answered 200 with Google's wrapper page, which builds (with script)
//   an iframe of the content from script.googleusercontent.com, sandboxed with exactly the keywords
//   of "HTML Service: Restrictions"; allow-top-navigation-by-user-activation only for a stand-alone
//   project (`behaviour.project`);
// - a script that throws, or a quota reached, is answered 200 with Google's error page (HTML).
// HTTPS with a certificate made now with openssl; Chromium reaches it under Google's names through
// --host-resolver-rules and --ignore-certificate-errors (playwright.config.ts, project apps-script).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadCollector, postEvent, type Collector, type DriveFile, type Output } from './collector';

export const SCRIPT_HOST = 'script.google.com';
export const ANSWER_HOST = 'script.googleusercontent.com';
/** The web app's address as the test build's PUBLIC_STORY_ENDPOINT names it (tests/build-elsewhere.js). */
export const SCRIPT_PATH = '/macros/s/TEST/exec';
/** The iframe sandbox of an HtmlService page (developers.google.com/apps-script/guides/html/restrictions). */
export const SANDBOX = ['allow-same-origin', 'allow-forms', 'allow-scripts', 'allow-popups', 'allow-downloads', 'allow-modals', 'allow-popups-to-escape-sandbox'];
/** Set only for stand-alone script projects, by the same page. */
export const STAND_ALONE_SANDBOX = [...SANDBOX, 'allow-top-navigation-by-user-activation'];

/** One request as it reached the stand-in. */
export interface Seen {
  method: string;
  host: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A self-signed certificate for both names, made for this run only. */
function certificate() {
  const dir = mkdtempSync(join(tmpdir(), 'stree-apps-script-'));
  try {
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', `/CN=${SCRIPT_HOST}`,
      '-addext', `subjectAltName=DNS:${SCRIPT_HOST},DNS:${ANSWER_HOST}`,
      '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
    ], { stdio: 'ignore' });
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface Behaviour {
  /**
   * `cors: false`: the answer host leaves out Access-Control-Allow-Origin, as a collector that
   * does not allow the site would: the browser refuses the answer though the host is reachable.
   */
  cors: boolean;
  /** How the script was made: only a stand-alone project's pages may navigate the top window on a tap. */
  project: 'stand-alone' | 'bound';
  /** Google's own limit reached (simultaneous executions, a daily quota): its error page, the script never runs. */
  quota: boolean;
}

export interface StandIn {
  /** Every request, in order of arrival, preflights included. */
  seen: Seen[];
  collector: Collector;
  /** Rows of the Stories sheet below its header. */
  rows: () => string[][];
  /** The whole recordings in Drive (not trashed, not parts still arriving), with their bytes. */
  recordings: () => DriveFile[];
  behaviour: Behaviour;
  /** Script Properties every fresh collector starts with (SITE_ADDRESS, say); SHEET_ID is set already. */
  properties: Record<string, string>;
  /** Forgets every request and row (a fresh spreadsheet), and every change of behaviour. */
  reset: () => void;
  close: () => Promise<void>;
}

const DEFAULT_BEHAVIOUR: Behaviour = { cors: true, project: 'stand-alone', quota: false };

/** Starts the stand-in on `port` of 127.0.0.1. */
export async function startStandIn(port: number): Promise<StandIn> {
  const outputs = new Map<string, Output>();
  let count = 0;
  const fresh = () => loadCollector({ url: `https://${SCRIPT_HOST}${SCRIPT_PATH}`, properties: standIn.properties });
  const standIn: StandIn = {
    seen: [],
    collector: undefined as unknown as Collector,
    rows: () => standIn.collector.sheet('Stories')?.rows.slice(1) ?? [],
    recordings: () => standIn.collector.recordings(),
    behaviour: { ...DEFAULT_BEHAVIOUR },
    properties: {},
    reset: () => {
      standIn.seen.length = 0;
      standIn.collector = fresh();
      Object.assign(standIn.behaviour, DEFAULT_BEHAVIOUR);
      outputs.clear();
    },
    close: () => new Promise((done) => server.close(() => done())),
  };
  standIn.collector = fresh();

  const keep = (output: Output) => {
    const key = `k${(count += 1)}`;
    outputs.set(key, output);
    return key;
  };

  /** ContentService: kept for the answer host, and the request redirected there, as Apps Script does. */
  const redirect = (res: ServerResponse, output: Output) => {
    res.writeHead(302, {
      Location: `https://${ANSWER_HOST}/macros/echo?user_content_key=${keep(output)}&lib=TEST`,
      'Access-Control-Allow-Origin': '*',
      'Content-Type': 'text/html; charset=UTF-8',
      'Cache-Control': 'no-cache, no-store, max-age=0, must-revalidate',
    });
    res.end();
  };

  /** HtmlService: Google's page around the output, which builds the sandboxed frame with script. */
  const wrap = (res: ServerResponse, output: Output) => {
    const sandbox = (standIn.behaviour.project === 'stand-alone' ? STAND_ALONE_SANDBOX : SANDBOX).join(' ');
    const frame = `https://${ANSWER_HOST}/userCodeAppPanel?user_content_key=${keep(output)}`;
    page(res, output.title ?? '', `<script>
(function () {
  var frame = document.createElement('iframe');
  frame.setAttribute('sandbox', ${JSON.stringify(sandbox)});
  frame.setAttribute('title', ${JSON.stringify(output.title ?? '')});
  frame.setAttribute('style', 'position:fixed;inset:0;width:100%;height:100%;border:0');
  frame.src = ${JSON.stringify(frame)};
  document.body.appendChild(frame);
})();
</script>`);
  };

  /** What the script answered, as Apps Script serves each kind. */
  const serve = (res: ServerResponse, run: () => Output) => {
    if (standIn.behaviour.quota) return googleError(res, 'Service invoked too many times for one day: urlfetch.');
    let output: Output;
    try {
      output = run();
    } catch (error) {
      return googleError(res, (error as Error).message);
    }
    return output.kind === 'html' ? wrap(res, output) : redirect(res, output);
  };

  const answer = (req: IncomingMessage, res: ServerResponse, url: URL) => {
    if (req.method !== 'GET') return refuse(res);
    const output = outputs.get(url.searchParams.get('user_content_key') ?? '');
    if (!output) return refuse(res, 404);
    if (url.pathname === '/userCodeAppPanel' && output.kind === 'html') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
      return res.end(output.content);
    }
    if (url.pathname !== '/macros/echo' || output.kind !== 'text') return refuse(res, 404);
    const cors = standIn.behaviour.cors ? { 'Access-Control-Allow-Origin': '*' } : {};
    res.writeHead(200, { 'Content-Type': `${output.mimeType}; charset=utf-8`, 'Cache-Control': 'no-store', ...cors });
    res.end(output.content);
  };

  const server: Server = createServer(certificate(), (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const host = (req.headers.host ?? '').split(':')[0]!;
      const body = Buffer.concat(chunks).toString('utf8');
      standIn.seen.push({ method: req.method ?? '', host, url: req.url ?? '', headers: req.headers, body });
      const url = new URL(req.url ?? '/', `https://${host}`);
      // No CORS preflight is ever answered: Apps Script has no doOptions.
      if (req.method === 'OPTIONS') return refuse(res);
      if (host === ANSWER_HOST) return answer(req, res, url);
      if (host !== SCRIPT_HOST || url.pathname !== SCRIPT_PATH) return refuse(res, 404);
      if (req.method === 'POST') return serve(res, () => standIn.collector.doPost(postEvent(url.searchParams, body, req.headers['content-type'] ?? '')));
      if (req.method === 'GET' || req.method === 'HEAD') return serve(res, () => standIn.collector.doGet());
      refuse(res);
    });
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  return standIn;
}

/** A page of Google's own, 200 like everything Apps Script answers. */
function page(res: ServerResponse, title: string, body: string) {
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache, no-store, max-age=0, must-revalidate' });
  res.end(`<!DOCTYPE html><html><head><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body style="margin:0">${body}</body></html>`);
}

/** What Google shows when the script threw or a limit was reached: HTML, status 200, no CORS header. */
function googleError(res: ServerResponse, message: string) {
  page(res, 'Error', `<div style="font-family:sans-serif"><img alt="Google Apps Script"><div>${escapeHtml(message)}</div></div>`);
}

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function refuse(res: ServerResponse, status = 405) {
  res.writeHead(status, { 'Content-Type': 'text/html; charset=UTF-8' });
  res.end(`<!doctype html><title>Error ${status}</title><p>Error ${status}</p>`);
}
