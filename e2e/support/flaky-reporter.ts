import type { Reporter, TestCase } from 'vitest/node';

/**
 * Prints, for each browser test that passed only on its retry, the error of the attempt that failed: vitest's
 * default reporter shows only "(retry x1)", and a flaky test is a defect to find, not a pass to forget.
 */
export default class FlakyReporter implements Reporter {
  onTestCaseResult(test: TestCase): void {
    const result = test.result();
    if (result.state !== 'passed' || !test.diagnostic()?.flaky) return;
    const errors = (result.errors ?? []).map((e) => `${e.message}\n${e.stack ?? ''}`).join('\n---\n');
    console.log(`\n⚠ Passed only on a retry: ${test.module.moduleId} › ${test.fullName}\n${errors}\n`);
  }
}
