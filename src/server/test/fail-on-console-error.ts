import { afterEach, beforeEach, vi } from 'vitest';

// A test that logs console.error is failing silently somewhere: make it fail loudly.
let errors: unknown[][] = [];
const original = console.error;

beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
    original(...args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (errors.length > 0) {
    throw new Error(`console.error was called ${errors.length} time(s): ${String(errors[0]?.[0])}`);
  }
});
