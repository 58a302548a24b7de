// The main journeys (journeys.mjs) in Firefox ESR, in a process of its own: `npm run test:engines`
// runs this file beside the other engine's.
import { journeys } from './journeys.mjs';

journeys('firefox');
