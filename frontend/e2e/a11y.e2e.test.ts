/**
 * Every page of the shell (public, sign-in, onboarding, dashboard, errors, dev mailbox) passes
 * axe-core without serious or critical findings and holds at 320, 390, 768, 1024 and 1280 px.
 * Screenshots land in test-output/<page>-<width>.png. Other areas run the same helpers
 * (support/a11y.ts) on their own pages.
 */
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, inject, it } from 'vitest'
import { launchBrowser, openPage } from './browser'
import { checkPage, expectAccessible, expectVisibleFocusRings } from './support/a11y'
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
        if (lang === 'fr') {
          await checkPage(page, path, `${name}-${lang}`)
        } else {
          // English texts are shorter; the widths run in French, axe-core in both.
          await page.goto(path)
          await page.locator('h1').first().waitFor()
          await expectAccessible(page)
        }
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

describe('accessibility and widths, signed in', () => {
  it('dashboard', async () => {
    const { context, page } = await openPage(browser, baseURL, { locale: 'fr-FR' })
    await signUpVerified(page, uniqueEmail('a11y'), 'Maximilien', 'Delacroix-Fontaine')
    await checkPage(page, '/dashboard/general', 'dashboard-fr')
    // A USER opening the admin area: the 403 page renders in its layout (it used to be blank).
    await checkPage(page, '/dashboard/admin', 'forbidden-fr')
    await page.getByTestId('error-403').waitFor()
    await page.getByTestId('request-id').waitFor()
    await context.close()
  })

  it('the shop (« Choisir ce pack »)', async () => {
    const { context, page } = await openPage(browser, baseURL, { locale: 'fr-FR' })
    await signUpVerified(page, uniqueEmail('a11y-shop'), 'Zoé', 'Martin')
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
