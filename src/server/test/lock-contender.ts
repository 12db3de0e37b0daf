import { createInterface } from 'node:readline';
import { lockDataDir } from '../db/data-dir-lock';

// A process that locks the data folder given as its argument when told: the lock tests start
// several and say 'go' to all at once. It prints 'ready', then 'won' or the refusal, and holds
// on until stdin ends.
const dataDir = process.argv[2];
const lines = createInterface({ input: process.stdin });
console.log('ready');
for await (const line of lines) {
  if (line !== 'go') continue;
  try {
    await lockDataDir(dataDir!);
    console.log('won');
  } catch (error) {
    console.log(`refused: ${(error as Error).message}`);
  }
}
