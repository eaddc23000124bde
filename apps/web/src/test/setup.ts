import '@testing-library/jest-dom/vitest';
import { cleanup, configure, waitFor } from '@testing-library/react';
import { afterAll, afterEach, expect, vi } from 'vitest';
import { DEFAULT_LANG } from '@atrium/contract';
import { createElement } from 'react';
import { errorReporter } from '../shared/error-reporter/reporter';
import { DEFAULT_WINDOW_WIDTH, setWindowWidth } from './window-width';

// Lazy pages and antd render slowly on a loaded two-core CI machine; the default 1 s wait for
// findBy/waitFor failed there while the same screens appeared a moment later, and whole-shell pages
// took over 5 s when four workers shared two cores. The wait ends as soon as the screen is there.
// 20 s: a file's first render of a page also loads the page's code into the worker, and 8 s ran out in two CI runs
// in a row (2026-12-02), the page drawn a moment later. One wait for every find, not a timeout written at each call.
configure({ asyncUtilTimeout: 20_000 });

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
  // jsdom does not implement pseudo-element styles; antd asks for them when measuring scrollbars. Once per
  // window: the files of a worker may share one (vitest.config.ts).
  if (!('withoutPseudoElements' in window.getComputedStyle)) {
    const getComputedStyle = window.getComputedStyle.bind(window);
    window.getComputedStyle = Object.assign((element: Element) => getComputedStyle(element), { withoutPseudoElements: true });
  }

  const { setLang } = await import('../shared/i18n/i18n');
  const { preferencesStore } = await import('../shared/preferences/preferences-store');
  afterEach(() => {
    cleanup();
    localStorage.clear();
    // A test's captured failures would be sent seconds later, into the next test's stubbed requests.
    errorReporter.discard();
    // The files of a worker share the console's modules and one document (vitest.config.ts): what a
    // test changed of them is put back, so no test depends on the one that ran before it.
    for (const cookie of document.cookie.split('; ').filter(Boolean)) {
      document.cookie = `${cookie.split('=')[0]}=; path=/; max-age=0`;
    }
    sessionStorage.clear();
    setLang(DEFAULT_LANG);
    preferencesStore.deactivate();
    setWindowWidth(DEFAULT_WINDOW_WIDTH);
  });

  // antd's static toasts (shown where no page with antd's App context has connected its own) live outside
  // the rendered tree and outlast their test: closed at the end of the file, not left for the next one.
  // Without motion: jsdom never ends a leave animation, so a closed toast would stay in the document.
  const { default: ConfigProvider } = await import('antd/es/config-provider');
  ConfigProvider.config({ holderRender: (children) => createElement(ConfigProvider, { theme: { token: { motion: false } } }, children) });
  const { closeStaticToasts } = await import('../shared/api/api');
  afterAll(async () => {
    vi.useRealTimers();
    await closeStaticToasts();
    await waitFor(() => expect(document.querySelector('.ant-message-notice')).toBeNull());
  });
}
