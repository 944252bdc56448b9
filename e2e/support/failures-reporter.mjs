// A Playwright reporter that appends each failing test's first error lines
// to the file named by E2E_FAILURES_FILE. scripts/test prints that file
// beside its summary, at the end of its output: CI keeps only the end of
// a run's output, where the list reporter's errors would be out of sight.

import { appendFileSync } from 'node:fs';

const LINES_PER_FAILURE = 12;

export default class FailuresReporter {
  onTestEnd(test, result) {
    const file = process.env.E2E_FAILURES_FILE;
    if (!file || result.status === test.expectedStatus) return;
    const errors = result.errors
      .map((e) => (e.message ?? e.value ?? '').replace(/\u001b\[[0-9;]*m/g, ''))
      .join('\n')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .slice(0, LINES_PER_FAILURE);
    const where = `${test.location.file.split('/').pop()}:${test.location.line}`;
    appendFileSync(file, [`${where} ${test.title} (${result.status})`, ...errors.map((l) => `    ${l}`), ''].join('\n'));
  }

  printsToStdio() {
    return false;
  }
}
