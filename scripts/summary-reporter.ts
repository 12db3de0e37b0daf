import type { Reporter, TestModule } from 'vitest/node';

// Prints one plain closing line, 'Tests: N passed, N failed, N skipped', that any CI reads,
// after the ten slowest files (where a CI run's time goes, on whatever machine it ran).
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const testModule of testModules) {
      for (const test of testModule.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') counts.passed += 1;
        else if (state === 'failed') counts.failed += 1;
        else counts.skipped += 1;
      }
    }
    const slowest = testModules
      .map((testModule) => ({
        file: testModule.relativeModuleId,
        seconds: testModule.diagnostic().duration / 1000,
      }))
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, 10);
    console.log('\nSlowest files:');
    for (const { file, seconds } of slowest)
      console.log(`${seconds.toFixed(0).padStart(6)} s  ${file}`);
    console.log(
      `\nTests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`,
    );
  }
}
