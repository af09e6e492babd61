/**
 * Navigation protocol in a real browser against the real server (docs/client-contract.md):
 *  - a page loaded from an older build gets a 409 on its next visit and reloads in full;
 *  - a visit answered with something other than an Inertia page (plain JSON) shows Inertia's
 *    overlay, which Escape or a click outside closes.
 * The older build and the plain JSON answer are made by intercepting responses in the browser,
 * so the server needs no test-only route.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser, openPage, waitForHydration } from './browser'

const baseURL = inject('baseURL')
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

/** Marks the current document; a full reload replaces it and the mark is gone. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { __mark?: string }).__mark = 'same-document'))
const documentMark = (page: Page) => page.evaluate(() => (window as unknown as { __mark?: string }).__mark ?? null)
const termsLink = (page: Page) => page.locator('footer a[href="/terms"]').first()
const privacyLink = (page: Page) => page.locator('footer a[href="/privacy"]').first()

describe('asset versioning', () => {
  it('reloads the whole page when the loaded build is stale', async () => {
    const { context, page } = await openPage(browser, baseURL)
    // Serve the first page as an older build would have: same page, older version.
    let served = false
    await page.route(
      (url) => url.pathname === '/privacy',
      async (route) => {
        const request = route.request()
        if (served || request.resourceType() !== 'document') return route.continue()
        served = true
        const response = await route.fetch()
        const html = (await response.text()).replace(/"version":"[^"]*"/, '"version":"old-build"')
        await route.fulfill({ response, body: html })
      },
    )
    const seen: { url: string; inertia: string | null; version: string | null; status: number; location: string | null }[] = []
    page.on('response', async (res) => {
      if (!res.url().includes('/terms')) return
      const req = res.request()
      seen.push({
        url: new URL(res.url()).pathname,
        inertia: (await req.headerValue('x-inertia')) ?? null,
        version: (await req.headerValue('x-inertia-version')) ?? null,
        status: res.status(),
        location: (await res.headerValue('x-inertia-location')) ?? null,
      })
    })

    await page.goto('/privacy')
    await waitForHydration(page, 'footer a[href="/terms"]')
    await markDocument(page)
    await termsLink(page).click()
    await page.waitForURL('**/terms')
    await page.waitForFunction(() => document.readyState === 'complete' && !!document.querySelector('h1'))

    expect(await documentMark(page)).toBeNull()
    expect(seen[0]).toMatchObject({ url: '/terms', inertia: 'true', version: 'old-build', status: 409, location: '/terms' })
    expect(seen[1]).toMatchObject({ url: '/terms', inertia: null, status: 200 })

    // The reloaded page carries the current build: the next visit is an ordinary Inertia visit.
    await markDocument(page)
    await privacyLink(page).click()
    await page.waitForURL('**/privacy')
    await page.waitForSelector('h1')
    expect(await documentMark(page)).toBe('same-document')
    await context.close()
  })
})

describe('invalid response overlay', () => {
  async function openOverlay() {
    const opened = await openPage(browser, baseURL)
    const { page } = opened
    await page.goto('/privacy')
    // The page is prerendered: a click before the app listens would load /terms in full.
    await waitForHydration(page, 'footer a[href="/terms"]')
    await page.route(
      (url) => url.pathname === '/terms',
      (route) =>
        route.request().headers()['x-inertia']
          ? route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ plain: 'json-body-42' }) })
          : route.continue(),
    )
    await markDocument(page)
    await termsLink(page).click()
    const dialog = page.locator('dialog#inertia-error-dialog')
    await dialog.waitFor({ state: 'visible' })
    // Inertia shows the dialog, then sets its iframe's srcdoc, which loads on its own: the frame's
    // text can still be empty when the dialog turns visible (seen once at load 8).
    const frameBody = page.frameLocator('dialog#inertia-error-dialog iframe').locator('body')
    await expect.poll(() => frameBody.innerText()).toContain('plain JSON response')
    expect(await frameBody.innerText()).toContain('json-body-42')
    expect(await documentMark(page)).toBe('same-document')
    return { ...opened, dialog }
  }

  it('shows a plain JSON answer in the overlay and Escape closes it', async () => {
    const { context, page, dialog } = await openOverlay()
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    // The page underneath is untouched.
    expect(new URL(page.url()).pathname).toBe('/privacy')
    await context.close()
  })

  it('closes the overlay on a click outside it', async () => {
    const { context, page, dialog } = await openOverlay()
    // The dialog fills the viewport but 50 px; its backdrop is the dialog element itself.
    await page.mouse.click(10, 10)
    await dialog.waitFor({ state: 'detached' })
    await context.close()
  })
})
