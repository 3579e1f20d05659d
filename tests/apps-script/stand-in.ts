// A stand-in for Google's Apps Script web apps, on this machine, running the project's own
// collector (deploy/apps-script/Code.js, through ./collector.ts). It answers as Apps Script does
// (docs/stories.md, "Collectors on another origin"), which is what broke the form before:
// - `OPTIONS` (a CORS preflight) gets 405 and no CORS header: a preflighted request fails;
// - a POST to https://script.google.com/macros/s/{id}/exec runs doPost and answers 302, with
//   `Access-Control-Allow-Origin: *`, to https://script.googleusercontent.com/macros/echo?…;
// - that host answers the output to a GET (and 405 to anything else) with the same header.
// HTTPS with a certificate made now with openssl; Chromium reaches it under Google's names through
// --host-resolver-rules and --ignore-certificate-errors (playwright.config.ts, project apps-script).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadCollector, postEvent, type Collector, type Output } from './collector';

export const SCRIPT_HOST = 'script.google.com';
export const ANSWER_HOST = 'script.googleusercontent.com';
/** The web app's address as the test build's PUBLIC_STORY_ENDPOINT names it (tests/build-apps-script.js). */
export const SCRIPT_PATH = '/macros/s/TEST/exec';

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

export interface StandIn {
  /** Every request, in order of arrival, preflights included. */
  seen: Seen[];
  collector: Collector;
  /** Rows of the Stories sheet below its header. */
  rows: () => string[][];
  /**
   * `cors: false`: the answer host leaves out Access-Control-Allow-Origin, as a collector that
   * does not allow the site would: the browser refuses the answer though the host is reachable.
   */
  behaviour: { cors: boolean };
  /** Forgets every request and row (a fresh spreadsheet). */
  reset: () => void;
  close: () => Promise<void>;
}

/** Starts the stand-in on `port` of 127.0.0.1. */
export async function startStandIn(port: number): Promise<StandIn> {
  const outputs = new Map<string, Output>();
  let count = 0;
  const standIn: StandIn = {
    seen: [],
    collector: loadCollector({ url: `https://${SCRIPT_HOST}${SCRIPT_PATH}` }),
    rows: () => standIn.collector.sheet('Stories')?.rows.slice(1) ?? [],
    behaviour: { cors: true },
    reset: () => {
      standIn.seen.length = 0;
      standIn.collector = loadCollector({ url: `https://${SCRIPT_HOST}${SCRIPT_PATH}` });
      standIn.behaviour.cors = true;
      outputs.clear();
    },
    close: () => new Promise((done) => server.close(() => done())),
  };

  /** Keeps doPost's or doGet's output for the answer host and redirects there, as Apps Script does. */
  const redirect = (res: ServerResponse, output: Output) => {
    const key = `k${(count += 1)}`;
    outputs.set(key, output);
    res.writeHead(302, {
      Location: `https://${ANSWER_HOST}/macros/echo?user_content_key=${key}&lib=TEST`,
      'Access-Control-Allow-Origin': '*',
      'Content-Type': 'text/html; charset=UTF-8',
      'Cache-Control': 'no-cache, no-store, max-age=0, must-revalidate',
    });
    res.end();
  };

  const answer = (req: IncomingMessage, res: ServerResponse, url: URL) => {
    if (req.method !== 'GET') return refuse(res);
    const output = outputs.get(url.searchParams.get('user_content_key') ?? '');
    if (!output) return refuse(res, 404);
    const cors = standIn.behaviour.cors ? { 'Access-Control-Allow-Origin': '*' } : {};
    // Apps Script frames an HTML output in a page of its own; the output itself is what matters here.
    const body = output.kind === 'html' ? `<!doctype html><title>${output.title ?? ''}</title>${output.content}` : output.content;
    res.writeHead(200, { 'Content-Type': `${output.mimeType}; charset=utf-8`, 'Cache-Control': 'no-store', ...cors });
    res.end(body);
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
      if (req.method === 'POST') return redirect(res, standIn.collector.doPost(postEvent(url.searchParams, body, req.headers['content-type'] ?? '')));
      if (req.method === 'GET' || req.method === 'HEAD') return redirect(res, standIn.collector.doGet());
      refuse(res);
    });
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  return standIn;
}

function refuse(res: ServerResponse, status = 405) {
  res.writeHead(status, { 'Content-Type': 'text/html; charset=UTF-8' });
  res.end(`<!doctype html><title>Error ${status}</title><p>Error ${status}</p>`);
}
