import type { BrowserContext, Page } from '@playwright/test';

/** Starts the context with a stored theme choice, as a returning visitor would have. */
export async function useStoredTheme(context: BrowserContext, theme: 'light' | 'dark'): Promise<void> {
  await context.addInitScript((isDark) => {
    try {
      if (!sessionStorage.getItem('__theme_seeded')) {
        localStorage.setItem('dc_theme', JSON.stringify({ isDark, source: 'user-preference' }));
        sessionStorage.setItem('__theme_seeded', '1');
      }
    } catch {
      /* opaque origins (about:blank) have no storage */
    }
  }, theme === 'dark');
}

export async function currentTheme(page: Page): Promise<string | null> {
  return page.evaluate(() => document.documentElement.getAttribute('data-theme'));
}
