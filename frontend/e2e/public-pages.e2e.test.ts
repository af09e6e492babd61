import { mkdirSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { en } from '../src/locales/en'
import { fr } from '../src/locales/fr'
import { launchBrowser, openPage, waitForHydration } from './browser'
import { signUpVerified, uniqueEmail } from './support/session'

const baseURL = inject('baseURL')
const outputDir = resolve(dirname(fileURLToPath(import.meta.url)), '../test-output')
let browser: Browser

beforeAll(async () => {
  mkdirSync(outputDir, { recursive: true })
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

const h1 = (page: import('playwright-core').Page) => page.locator('h1').first().innerText()

describe('landing page', () => {
  it('loads in French for a German browser', async () => {
    const { context, page, errors } = await openPage(browser, baseURL, { locale: 'de-DE' })
    const res = await page.goto('/')
    expect(res?.status()).toBe(200)
    await page.waitForSelector('h1')
    expect(await h1(page)).toBe(fr.landing.hero.title)
    expect(await page.getAttribute('html', 'lang')).toBe('fr')
    expect(await page.title()).toBe(`${fr.landing.title} - Gamelle`)
    expect(await page.locator('[data-testid=feature-card]').count()).toBe(6)
    // Measured facts and a real plate, no invented testimonials.
    expect(await page.locator('[data-testid=testimonial]').count()).toBe(0)
    expect(await page.locator('[data-testid=proof-fact]').count()).toBe(3)
    expect(await page.locator('[data-testid=faq-item]').count()).toBe(9)
    expect(await page.locator('[data-testid=pack]').count()).toBe(3)
    await expect(page.locator('[data-testid=proof-example]').innerText()).resolves.toContain(fr.landing.proof.example.name)
    // Inter is self-hosted: the body text renders with the font loaded from /build/.
    const inter = await page.evaluate(async () => {
      await document.fonts.ready
      return [...document.fonts].filter((f) => f.family.includes('Inter') && f.status === 'loaded').length
    })
    expect(inter).toBeGreaterThan(0)
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"?Inter Variable/)
    expect(errors).toEqual([])
    await context.close()
  })

  it('switches to English, and English persists across a reload', async () => {
    const { context, page } = await openPage(browser, baseURL, { locale: 'de-DE' })
    await page.goto('/')
    await waitForHydration(page, 'header [data-testid=lang-en]')
    await page.locator('header [data-testid=lang-en]').first().click()
    await page.waitForFunction((title) => document.querySelector('h1')?.textContent === title, en.landing.hero.title)
    expect(await page.getAttribute('html', 'lang')).toBe('en')
    expect(await page.locator('header [data-testid=lang-en]').first().getAttribute('aria-pressed')).toBe('true')

    await page.reload()
    await page.waitForSelector('h1')
    expect(await h1(page)).toBe(en.landing.hero.title)
    expect(await page.getAttribute('html', 'lang')).toBe('en')
    const cookies = await context.cookies()
    expect(cookies.find((c) => c.name === 'i18next')?.value).toBe('en')
    await context.close()
  })

  it('loads in English for an en-US browser', async () => {
    const { context, page } = await openPage(browser, baseURL, { locale: 'en-US' })
    await page.goto('/')
    await page.waitForSelector('h1')
    expect(await h1(page)).toBe(en.landing.hero.title)
    expect(await page.getAttribute('html', 'lang')).toBe('en')
    await context.close()
  })

  it('opens FAQ entries with the keyboard', async () => {
    const { context, page } = await openPage(browser, baseURL, { locale: 'de-DE' })
    await page.goto('/#faq')
    await waitForHydration(page, '[data-testid=faq-item] button')
    // Start keyboard navigation from the FAQ introduction, then Tab into the first question.
    await page.locator('#faq-title').evaluate((el) => {
      el.setAttribute('tabindex', '-1')
      ;(el as HTMLElement).focus()
    })
    await page.keyboard.press('Tab')
    const first = page.locator('[data-testid=faq-item] button').nth(0)
    const second = page.locator('[data-testid=faq-item] button').nth(1)
    expect(await first.evaluate((el) => el === document.activeElement)).toBe(true)
    expect(await first.getAttribute('aria-expanded')).toBe('false')

    await page.keyboard.press('Enter')
    expect(await first.getAttribute('aria-expanded')).toBe('true')
    const panel = page.locator(`[id="${await first.getAttribute('aria-controls')}"]`)
    expect(await panel.isVisible()).toBe(true)
    expect(await panel.innerText()).toBe(fr.landing.faq['1'].answer)

    await page.keyboard.press('Tab')
    await page.keyboard.press('Space')
    expect(await second.getAttribute('aria-expanded')).toBe('true')
    await page.keyboard.press('Space')
    expect(await second.getAttribute('aria-expanded')).toBe('false')
    await context.close()
  })

  it('writes screenshots at 1280 and 360 pixels wide', async () => {
    for (const [width, file] of [
      [1280, 'landing.png'],
      [360, 'landing-360.png'],
    ] as const) {
      const { context, page, errors } = await openPage(browser, baseURL, { locale: 'de-DE', width, height: 800 })
      await page.goto('/')
      await page.waitForSelector('[data-testid=pack]')
      await page.waitForLoadState('networkidle')
      // Nothing may overflow sideways, down to 360 px.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow).toBeLessThanOrEqual(0)
      await page.screenshot({ path: resolve(outputDir, file), fullPage: true })
      await page.screenshot({ path: resolve(outputDir, file.replace('.png', '-top.png')) })
      await page.addStyleTag({ content: 'header { position: static !important; }' })
      await page.locator('#pricing').screenshot({ path: resolve(outputDir, file.replace('.png', '-pricing.png')) })
      expect(errors).toEqual([])
      await context.close()
    }
  })
})

describe('other public pages', () => {
  it('shows the 404 page with status 404 for an unknown path', async () => {
    const { context, page } = await openPage(browser, baseURL, { locale: 'de-DE' })
    const res = await page.goto('/nope')
    expect(res?.status()).toBe(404)
    await page.waitForSelector('h1')
    expect(await h1(page)).toBe(fr.errors.notFound.title)
    expect(await page.title()).toBe(`${fr.errors.notFound.title} - Gamelle`)
    await page.screenshot({ path: resolve(outputDir, 'not-found.png') })
    await context.close()
  })

  it('waitlist: an invalid email shows the field error, a valid one the success message', async () => {
    const { context, page, errors } = await openPage(browser, baseURL, { locale: 'de-DE' })
    await page.goto('/waitlist')
    await waitForHydration(page, 'form button[type=submit]')
    expect(await h1(page)).toBe(fr.waitlist.heading)

    const email = page.getByLabel(fr.waitlist.emailLabel)
    await email.fill('pas-un-email')
    await page.getByRole('button', { name: fr.waitlist.submit }).click()
    const error = page.locator('[data-testid=waitlist-error]')
    await error.waitFor()
    expect((await error.innerText()).length).toBeGreaterThan(0)
    expect(await email.getAttribute('aria-invalid')).toBe('true')

    await email.fill(`e2e-${Date.now()}@example.com`)
    await page.getByRole('button', { name: fr.waitlist.submit }).click()
    const success = page.locator('[data-testid=flash-success]')
    await success.waitFor()
    expect((await success.innerText()).length).toBeGreaterThan(0)
    expect(await page.locator('[data-testid=waitlist-error]').count()).toBe(0)
    expect(await email.inputValue()).toBe('')
    await page.screenshot({ path: resolve(outputDir, 'waitlist.png') })
    expect(errors).toEqual([])
    await context.close()
  })
})

/**
 * The public pages arrive as HTML rendered at build time (docs/architecture.md, "First paint"):
 * their content is in the page before any script runs, and the app hydrates it without a
 * mismatch (which React reports as an error and answers by rendering the page again).
 */
describe('prerendered public pages', () => {
  const paths = ['/', '/terms', '/privacy', '/legal', '/waitlist']
  const messages = { fr, en } as const
  const decode = (s: string) =>
    s.replace(/<[^>]+>/g, '').replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')
  /** The first heading of the app container in the raw HTML, as text. */
  const rawH1 = (html: string) => {
    const app = html.slice(html.indexOf('<div data-server-rendered="true" id="app">'))
    const m = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(app)
    return m?.[1] ? decode(m[1]).trim() : null
  }

  /** Opens path and waits until React has hydrated the prerendered heading. */
  async function hydrated(page: import('playwright-core').Page, path: string) {
    await page.addInitScript(() => {
      const w = window as unknown as { __replaced: number }
      w.__replaced = 0
      // A mismatch makes React drop the server's nodes and render its own: count drops in #app.
      new MutationObserver((records) => {
        for (const r of records) if ((r.target as Element).id === 'app' && r.removedNodes.length > 0) w.__replaced += r.removedNodes.length
      }).observe(document, { childList: true, subtree: true })
    })
    const warnings: string[] = []
    page.on('console', (msg) => {
      if (msg.type() === 'warning' && /hydrat/i.test(msg.text())) warnings.push(msg.text())
    })
    const res = await page.goto(path)
    expect(res?.status()).toBe(200)
    await waitForHydration(page)
    expect(await page.evaluate(() => (window as unknown as { __replaced: number }).__replaced)).toBe(0)
    return warnings
  }

  for (const lang of ['fr', 'en'] as const) {
    it(`holds each page's content before any script runs, and hydrates it without warnings (${lang})`, async () => {
      const { context, page, errors } = await openPage(browser, baseURL, { locale: 'de-DE' })
      const noScript = await browser.newContext({ baseURL, javaScriptEnabled: false, locale: 'de-DE' })
      const still = await noScript.newPage()
      for (const path of paths) {
        const url = `${path}?lng=${lang}`
        const raw = await (await fetch(baseURL + url)).text()
        expect(raw, url).toContain('<div data-server-rendered="true" id="app">')
        const heading = rawH1(raw)
        expect(heading, url).toBeTruthy()
        if (path === '/') {
          expect(heading).toBe(messages[lang].landing.hero.title)
          expect(raw).toContain(`<title data-inertia="">${messages[lang].landing.title} - Gamelle</title>`)
          expect((raw.match(/data-testid="pack"/g) ?? []).length).toBe(3)
          expect((raw.match(/data-testid="faq-item"/g) ?? []).length).toBe(9)
        }
        if (path === '/legal') expect(decode(raw)).toContain(`contact@127.0.0.1`)
        // JavaScript off: the same heading, in the language asked.
        await still.goto(url)
        expect(await still.locator('h1').first().innerText(), url).toBe(heading)
        expect(await still.getAttribute('html', 'lang')).toBe(lang)
        // JavaScript on: hydrated in place, no error nor warning.
        const warnings = await hydrated(page, url)
        expect(await h1(page), url).toBe(heading)
        expect(warnings, url).toEqual([])
      }
      expect(errors).toEqual([])
      await noScript.close()
      await context.close()
    })
  }

  it('renders the signed-in header in the HTML and hydrates it, in French and English', async () => {
    const { context, page, errors } = await openPage(browser, baseURL, { locale: 'fr-FR' })
    await signUpVerified(page, uniqueEmail('prerender'))
    for (const lang of ['fr', 'en'] as const) {
      const raw = await (await page.request.get(`/?lng=${lang}`)).text()
      expect(raw).toContain('<div data-server-rendered="true" id="app">')
      expect(decode(raw)).toContain(messages[lang].nav.dashboardLink)
      expect(decode(raw)).not.toContain(messages[lang].nav.signIn)
      const warnings = await hydrated(page, `/?lng=${lang}`)
      expect(warnings).toEqual([])
      await expect(page.getByRole('link', { name: messages[lang].nav.dashboardLink }).first().isVisible()).resolves.toBe(true)
    }
    expect(errors).toEqual([])
    await context.close()
  })

  it('keeps working after hydration: the menu and the language switch answer', async () => {
    const { context, page, errors } = await openPage(browser, baseURL, { locale: 'de-DE', width: 390 })
    await hydrated(page, '/')
    await page.getByRole('button', { name: fr.nav.openMenu }).click()
    await expect(page.locator('#mobile-menu').isVisible()).resolves.toBe(true)
    await page.locator('header [data-testid=lang-en]').first().click()
    await page.waitForFunction((title) => document.querySelector('h1')?.textContent === title, en.landing.hero.title)
    expect(await page.getAttribute('html', 'lang')).toBe('en')
    expect(errors).toEqual([])
    await context.close()
  })
})
