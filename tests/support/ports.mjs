// A free TCP port on 127.0.0.1, for a test server that takes its port as an argument.

import { createServer } from 'node:net';

/** A port free on 127.0.0.1 now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}
