// The site as deployed elsewhere (tests/build-elsewhere.js: below /stree/, stories to Apps
// Script), served on a free port of this machine beside the stand-in on `port`, which the
// project's Chromium reaches under Google's names; the stand-in's Script Properties as the set-up
// leaves them (README).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { staticSite } from '../../server/static-site.js';
import { ELSEWHERE_BASE, ELSEWHERE_DIST } from '../build-elsewhere.js';
import { startStandIn, type StandIn } from './stand-in';

export interface AppsScriptSite {
  standIn: StandIn;
  /** Where the site is served, its sub-path included, without the last slash: `http://localhost:<port>/stree`. */
  address: string;
  close: () => Promise<void>;
}

export async function startAppsScriptSite(port: number): Promise<AppsScriptSite> {
  const standIn = await startStandIn(port);
  const server = createServer(staticSite(ELSEWHERE_DIST, { base: ELSEWHERE_BASE }));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = `http://localhost:${(server.address() as AddressInfo).port}${ELSEWHERE_BASE.replace(/\/$/, '')}`;
  // For "Back to the STREE home page" on the collector's own pages.
  standIn.properties.SITE_ADDRESS = `${address}/`;
  standIn.reset();
  const close = async () => {
    await standIn.close();
    await new Promise<void>((done) => server.close(() => done()));
  };
  return { standIn, address, close };
}
