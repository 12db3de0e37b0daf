import { afterEach, beforeEach, vi, type MockInstance } from 'vitest';

/**
 * The tests of the calling describe read screens as a browser set to `locale` would (jsdom's
 * own navigator.language is 'en-US', the component tests' fixed locale otherwise). It stands in
 * for the browser's setting, never for our code.
 */
export function inLocale(locale: string) {
  let language: MockInstance | undefined;
  beforeEach(() => {
    language = vi.spyOn(navigator, 'language', 'get').mockReturnValue(locale);
  });
  afterEach(() => language?.mockRestore());
}
