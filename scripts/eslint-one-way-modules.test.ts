import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { oneWayModules } from './eslint-one-way-modules.mjs';

// The rule reads the real tree: payments imports lessons (it places and confirms lessons), so
// lessons importing payments back is refused, whichever files the two imports are in.

const linter = new Linter({ cwd: process.cwd() });
const config = {
  files: ['**/*.ts'],
  languageOptions: { parser: tseslint.parser },
  plugins: { tutora: { rules: { 'one-way-modules': oneWayModules } } },
  rules: { 'tutora/one-way-modules': 'error' },
} as Linter.Config;
const lint = (filename: string, code: string) =>
  linter.verify(code, config, { filename }).map((message) => message.ruleId);

describe('one-way server modules', () => {
  it('refuses lessons importing payments, which imports lessons', () => {
    const code = "import { queueRefund } from '../payments/refunds';";
    expect(lint('src/server/modules/lessons/new-file.ts', code)).toEqual([
      'tutora/one-way-modules',
    ]);
    expect(
      lint(
        'src/server/modules/lessons/new-file.ts',
        `import type * as r from '../payments/refunds';`,
      ),
    ).toEqual(['tutora/one-way-modules']);
  });

  it('lets payments import lessons, and a test reach into any module', () => {
    const code = "import { announceTo } from '../lessons/lesson-events';";
    expect(lint('src/server/modules/payments/new-file.ts', code)).toEqual([]);
    expect(
      lint(
        'src/server/modules/lessons/new.test.ts',
        "import { queueRefund } from '../payments/refunds';",
      ),
    ).toEqual([]);
  });
});
