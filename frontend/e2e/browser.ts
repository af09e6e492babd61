import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'

/** Debian's chromium, driven by playwright-core (no downloaded browser). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
}

/** A signed-in context's cookies and storage (`context.storageState()`), to open it again without signing in. */
export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>

export interface OpenedPage {
  context: BrowserContext
  page: Page
  /** Uncaught errors and console errors seen on the page. */
  errors: string[]
}

export async function openPage(
  browser: Browser,
  baseURL: string,
  options: { locale?: string; width?: number; height?: number; serviceWorkers?: boolean; storageState?: StorageState } = {},
): Promise<OpenedPage> {
  const context = await browser.newContext({
    baseURL,
    storageState: options.storageState,
    locale: options.locale ?? 'de-DE',
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    // The app's service worker only where a test asks for it (pwa.e2e.test.ts): it
    // answers requests itself, which page.route would not see.
    serviceWorkers: options.serviceWorkers ? 'allow' : 'block',
  })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`))
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()}`)
  })
  return { context, page, errors }
}

/**
 * Waits until React has hydrated the element selector finds. The public pages are prerendered
 * (docs/architecture.md, "First paint"): their content is there before any script runs, so a
 * click that only waited for it can land before the app listens, and a link then loads the next
 * page in full instead of an Inertia visit, a button does nothing.
 */
export async function waitForHydration(page: Page, selector = '#app h1'): Promise<void> {
  await page.waitForFunction((sel) => {
    const el = document.querySelector(sel)
    return el !== null && Object.keys(el).some((k) => k.startsWith('__reactFiber'))
  }, selector)
}

/**
 * Opens path and waits until the page has rendered its heading. A page other than the
 * prerendered public ones renders only once its script chunk has loaded, after the `load`
 * event `goto` waits for: a `count()` right after `goto` (it does not wait) can read an empty
 * page, every time on a slow machine.
 */
export async function gotoRendered(page: Page, path: string): Promise<void> {
  await page.goto(path)
  await page.locator('#app h1').first().waitFor()
}
