/**
 * Every page of the shell (public, sign-in, onboarding, dashboard, errors, dev mailbox) passes
 * axe-core without serious or critical findings and holds at 320, 390, 768, 1024 and 1280 px.
 * Screenshots land in test-output/<page>-<width>.png. Other areas run the same helpers
 * (support/a11y.ts) on their own pages.
 */
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { en } from '../src/locales/en'
import { fr } from '../src/locales/fr'
import type { LocaleMessages } from '../src/locales/types'
import { launchBrowser, openPage, type StorageState } from './browser'
import { checkPage, expectAccessible, expectFitsWidths, expectVisibleFocusRings } from './support/a11y'
import { signUpVerified, uniqueEmail } from './support/session'

const baseURL = inject('baseURL')
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

const publicPages: [string, string][] = [
  ['/', 'landing'],
  ['/terms', 'terms'],
  ['/privacy', 'privacy'],
  ['/legal', 'legal'],
  ['/waitlist', 'waitlist'],
  ['/nope', 'not-found'],
  ['/auth/email/login', 'method-not-allowed'],
  ['/auth', 'auth-chooser'],
  ['/auth/login', 'login'],
  ['/auth/register', 'register'],
  ['/auth/otp/someone%40example.com', 'otp'],
  ['/reset-password/forgotten-password', 'forgotten-password'],
  ['/reset-password/someone%40example.com', 'reset-password'],
  ['/onboarding', 'onboarding'],
  ['/dev/mailbox', 'mailbox'],
  ['/auth/verify/nope', 'link-invalid'],
]

describe('accessibility and widths, signed out', () => {
  for (const lang of ['fr', 'en'] as const) {
    for (const [path, name] of publicPages) {
      it(`${name} (${lang})`, async () => {
        const { context, page } = await openPage(browser, baseURL, { locale: lang === 'fr' ? 'fr-FR' : 'en-US' })
        await checkPage(page, path, `${name}-${lang}`)
        await context.close()
      })
    }
  }
})

describe('error pages in the browser', () => {
  it('419: a form posted without its token, from nowhere to go back to, shows the page-expired page (FR, EN)', async () => {
    for (const locale of ['fr-FR', 'en-US']) {
      const { context, page } = await openPage(browser, baseURL, { locale })
      await page.goto('/waitlist')
      await page.locator('h1').first().waitFor()
      // A classic form post with no XSRF token and no Referer (so no page to redirect back to).
      await Promise.all([
        page.waitForURL((u) => u.pathname === '/waitlist' && u.search === '', { waitUntil: 'load' }),
        page.evaluate(() => {
          const meta = document.createElement('meta')
          meta.name = 'referrer'
          meta.content = 'no-referrer'
          document.head.append(meta)
          const form = document.createElement('form')
          form.method = 'post'
          form.action = '/waitlist'
          const input = document.createElement('input')
          input.name = 'email'
          input.value = 'someone@example.com'
          form.append(input)
          document.body.append(form)
          form.submit()
        }),
      ])
      await page.getByTestId('error-419').waitFor()
      await page.getByTestId('request-id').waitFor()
      await expectAccessible(page)
      await context.close()
    }
  })
})

// Every status page, opened through /dev/error/{status} (development only), which renders it
// with the very functions real failures use: a 500, a 503 or a 429 cannot be caused on purpose
// here without breaking the database or the rate limits other tests share.
describe('every error page, through /dev/error', () => {
  const headings = (m: LocaleMessages): Record<number, string> => ({
    400: m.errors.badRequest.title,
    403: m.errors.forbidden.title,
    404: m.errors.notFound.title,
    405: m.errors.methodNotAllowed.title,
    419: m.errors.pageExpired.title,
    429: m.auth.rateLimited.heading,
    500: m.errors.serverError.title,
    503: m.errors.unavailable.title,
  })
  for (const [lang, messages] of [['fr', fr], ['en', en]] as const) {
    it(`400, 403, 404, 405, 419, 429, 500, 503 render translated in their layout (${lang})`, async () => {
      const { context, page, errors } = await openPage(browser, baseURL, { locale: lang === 'fr' ? 'fr-FR' : 'en-US' })
      for (const [code, heading] of Object.entries(headings(messages))) {
        const status = Number(code)
        errors.length = 0
        const res = await page.goto(`/dev/error/${status}`)
        expect(res?.status(), `/dev/error/${status}`).toBe(status)
        await page.locator('main h1').first().waitFor()
        expect(await page.locator('main h1').first().innerText()).toBe(heading)
        expect(await page.getAttribute('html', 'lang')).toBe(lang)
        // The layout is there: the banner with its link home (and, outside sign-in, the menu).
        await expect(page.locator('header a[href="/"]').count()).resolves.toBeGreaterThan(0)
        if (status !== 429) await expect(page.locator('header nav').count()).resolves.toBeGreaterThan(0)
        if (status >= 500) {
          const id = res?.headers()['x-request-id'] ?? ''
          expect(id).not.toBe('')
          expect(await page.getByTestId('request-id').innerText()).toContain(id)
        }
        // The only console error is the browser reporting the status of the document itself.
        expect(errors.filter((e) => !e.includes(`status of ${status}`)), `/dev/error/${status}`).toEqual([])
        await expectAccessible(page)
        await expectFitsWidths(page, `/dev/error/${status}`, { widths: [320, 1280] })
      }
      await context.close()
    })
  }
})

describe('accessibility and widths, signed in', () => {
  // One account for the pages below: they only read it, so one sign-up serves them all.
  let signedIn: StorageState
  beforeAll(async () => {
    const { context, page } = await openPage(browser, baseURL, { locale: 'fr-FR' })
    await signUpVerified(page, uniqueEmail('a11y'), 'Maximilien', 'Delacroix-Fontaine')
    signedIn = await context.storageState()
    await context.close()
  })

  it('dashboard', async () => {
    const { context, page } = await openPage(browser, baseURL, { locale: 'fr-FR', storageState: signedIn })
    await checkPage(page, '/dashboard/general', 'dashboard-fr')
    // A USER opening the admin area: the 403 page renders in its layout (it used to be blank).
    await checkPage(page, '/dashboard/admin', 'forbidden-fr')
    await page.getByTestId('error-403').waitFor()
    await page.getByTestId('request-id').waitFor()
    await context.close()
  })

  it('the shop (« Choisir ce pack »)', async () => {
    const { context, page } = await openPage(browser, baseURL, { locale: 'fr-FR', storageState: signedIn })
    await checkPage(page, '/buy-tokens', 'buy-tokens-fr')
    await context.close()
  })
})

describe('keyboard focus', () => {
  for (const path of ['/', '/auth/login', '/auth/register']) {
    it(`every focus stop shows a 3 px ring with 3:1 contrast: ${path}`, async () => {
      const { context, page } = await openPage(browser, baseURL, { locale: 'fr-FR' })
      await page.goto(path)
      await page.locator('h1').first().waitFor()
      await expectVisibleFocusRings(page, 20)
      await context.close()
    })
  }
})
