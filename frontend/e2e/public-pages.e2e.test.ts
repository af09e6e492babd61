import { mkdirSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { en } from '../src/locales/en'
import { fr } from '../src/locales/fr'
import { launchBrowser, openPage } from './browser'

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
    await page.waitForSelector('h1')
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
    await page.waitForSelector('[data-testid=faq-item]')
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
    await page.waitForSelector('form')
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
