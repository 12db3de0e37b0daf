import { buildAll } from './build-steps.mjs';

await buildAll();
