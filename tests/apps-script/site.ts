// The site built for an Apps Script collector (tests/build-apps-script.js), served on a free port
// of this machine, beside the stand-in on `port`, which the project's Chromium reaches under
// Google's names; the stand-in's Script Properties as the set-up leaves them (README).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { staticSite } from '../../server/static-site.js';
import { APPS_SCRIPT_DIST } from '../build-apps-script.js';
import { startStandIn, type StandIn } from './stand-in';

export interface AppsScriptSite {
  standIn: StandIn;
  /** Where the site is served: `http://localhost:<port>`. */
  origin: string;
  close: () => Promise<void>;
}

export async function startAppsScriptSite(port: number): Promise<AppsScriptSite> {
  const standIn = await startStandIn(port);
  const server = createServer(staticSite(APPS_SCRIPT_DIST));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const origin = `http://localhost:${(server.address() as AddressInfo).port}`;
  // For "Back to the STREE home page" on the collector's own pages.
  standIn.properties.SITE_ADDRESS = `${origin}/`;
  standIn.reset();
  const close = async () => {
    await standIn.close();
    await new Promise<void>((done) => server.close(() => done()));
  };
  return { standIn, origin, close };
}
