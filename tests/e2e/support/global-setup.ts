import { buildAll, buildIsStale } from '../../../scripts/build-steps.mjs';

// Browser tests run against the built app, as users get it: build once when sources changed.
export default async function setup() {
  if (buildIsStale()) await buildAll({ quiet: true });
}
