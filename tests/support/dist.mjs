// Where the built app is: $HEARTH_DIST, or the repository's dist/ (which scripts/build.sh
// writes). Fails with a clear message when it has not been built.

import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder of the built app, checked to hold an index.html. */
export function builtApp() {
  const dir = process.env.HEARTH_DIST
    ? path.resolve(process.env.HEARTH_DIST)
    : fileURLToPath(new URL('../../dist/', import.meta.url));
  const index = path.join(dir, 'index.html');
  if (!existsSync(index)) {
    throw new Error(
      `${index} is missing: build the app first (scripts/build.sh writes dist/), ` +
        'or point HEARTH_DIST at a built dist/ folder',
    );
  }
  return dir;
}
