import { createServer } from 'node:http';
import { staticSite } from '../../server/static-site.js';

/** Serves dist/ with the project's own handler on a free loopback port. */
export async function serveDist(distDir) {
  const server = createServer(staticSite(distDir));
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address();
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
