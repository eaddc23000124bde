import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { errorReporter } from '../shared/error-reporter/reporter';

// Lazy pages and antd render slowly on a loaded two-core CI machine; the default 1 s wait for
// findBy/waitFor failed there while the same screens appeared a moment later, and whole-shell pages
// took over 5 s when four workers shared two cores. The wait ends as soon as the screen is there.
configure({ asyncUtilTimeout: 10_000 });

// The browser fetches texts as they are needed; tests switch languages synchronously, so every text
// of both languages is there from the start (not in node-environment tests: i18n needs a document).
if (typeof window !== 'undefined') {
  const { addLocaleFiles } = await import('../shared/i18n/i18n');
  addLocaleFiles(import.meta.glob('../locales/*/*.json', { eager: true, import: 'default' }));
}

// Browser APIs antd relies on that jsdom lacks (DECISIONS.md: antd needs a matchMedia stub under jsdom).
if (typeof window !== 'undefined') {
  // Answers min-width and max-width queries against the window's width, so antd's breakpoints work.
  const matches = (query: string) =>
    [...query.matchAll(/\((min|max)-width:\s*(\d+)px\)/g)].every(([, kind, px]) =>
      kind === 'min' ? window.innerWidth >= Number(px) : window.innerWidth <= Number(px),
    ) && /width/.test(query);
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: matches(query),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
  if (!('ResizeObserver' in window)) {
    class ResizeObserverStub {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
    Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
  }
  // jsdom does not implement pseudo-element styles; antd asks for them when measuring scrollbars.
  const getComputedStyle = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => getComputedStyle(element);

  afterEach(() => {
    cleanup();
    localStorage.clear();
    // A test's captured failures would be sent seconds later, into the next test's stubbed requests.
    errorReporter.discard();
  });
}
