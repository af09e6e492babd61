import { mkdirSync } from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { en } from '../src/locales/en'
import { fr } from '../src/locales/fr'
import { launchBrowser, openPage } from './browser'
import { expectAccessible } from './support/a11y'
import { outputDir } from './support/server'
import { waitForMailboxEmail } from './support/session'

// The shared server runs without STRIPE_SECRET_KEY (APP_ENV=test): purchases go through the
// local test-mode checkout, which completes by posting a signed event to the app's webhook.
const baseURL = inject('baseURL')
let browser: Browser

beforeAll(async () => {
  mkdirSync(outputDir, { recursive: true })
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

async function balanceOn(page: Page, testId: string): Promise<string | null> {
  return page.getByTestId(testId).getAttribute('data-balance')
}

describe.each([
  ['fr-FR', fr, 1280, 'Confirmez votre adresse', 'Votre achat de jetons est confirmé'],
  ['en-US', en, 320, 'Confirm your email address', 'Your token purchase is confirmed'],
] as const)('buying tokens in test mode (%s)', (locale, m, width, verifySubject, receiptSubject) => {
  it('signs up from the pack, buys the popular pack once, even after reloading the success page', async () => {
    const { context, page, errors } = await openPage(browser, baseURL, { locale, width })
    const email = `e2e-buyer-${locale.toLowerCase()}-${Date.now()}@example.com`
    const password = 'tomate-cerise-42'

    // A visitor picks the popular pack on the landing page and is offered to sign up.
    await page.goto('/')
    await page.locator('[data-pack="pack-60"] a').click()
    await page.waitForURL('**/buy-tokens-na?pack=pack-60')
    await page.getByRole('heading', { level: 1, name: m.billing.visitor.heading }).waitFor()
    await page.getByTestId('signup-pack-60').click()
    await page.waitForURL('**/auth/register')

    await page.getByLabel(m.auth.fields.name, { exact: true }).fill('Camille')
    await page.getByLabel(m.auth.fields.surname, { exact: true }).fill('Martin')
    await page.getByLabel(m.auth.fields.email, { exact: true }).fill(email)
    await page.getByLabel(m.auth.fields.password, { exact: true }).fill(password)
    await page.getByLabel(m.auth.fields.passwordConfirmation, { exact: true }).fill(password)
    await page.getByRole('button', { name: m.auth.register.submit }).click()
    await page.waitForURL('**/auth/login')

    // The verification link signs the new account in (2 tokens offered) and brings it back to
    // the shop with the chosen pack selected.
    const verify = (await waitForMailboxEmail(page, email, verifySubject)).links
    await page.goto(verify.find((l) => l.includes('/auth/verify/'))!)
    await page.waitForURL((u) => u.pathname === '/buy-tokens' && u.searchParams.get('pack') === 'pack-60')
    await page.getByTestId('test-mode-banner').waitFor()
    await expectAccessible(page)
    const before = Number(await balanceOn(page, 'shop-balance'))

    // Buy: the server answers the Inertia visit with 409 + X-Inertia-Location (an external
    // redirect, as for Stripe's page); the local test-mode checkout is clearly labelled.
    const checkoutAnswer = page.waitForResponse((r) => new URL(r.url()).pathname === '/checkout')
    await page.getByTestId('buy-pack-60').click()
    const answer = await checkoutAnswer
    expect(answer.status()).toBe(409)
    expect(answer.headers()['x-inertia-location']).toContain('/stripe/test-checkout?checkout=')
    await page.waitForURL('**/stripe/test-checkout?checkout=*')
    await page.getByRole('heading', { level: 1, name: m.billing.testMode.heading }).waitFor()
    expect(await page.getByTestId('test-checkout-tokens').innerText()).toContain('60')
    await expectAccessible(page)
    await page.getByRole('button', { name: m.billing.testMode.pay }).click()
    await page.waitForURL('**/stripe/success?checkout=*')
    await page.locator('[data-testid=checkout-status][data-status=completed]').waitFor()
    expect(Number(await balanceOn(page, 'success-balance'))).toBe(before + 60)
    await expectAccessible(page)
    await page.screenshot({ path: `${outputDir}/payments-success-${locale}-${width}.png`, fullPage: true })

    // Reloading the success page (which also checks the payment) grants nothing more.
    for (let i = 0; i < 3; i++) {
      await page.reload()
      await page.locator('[data-testid=checkout-status][data-status=completed]').waitFor()
      expect(Number(await balanceOn(page, 'success-balance'))).toBe(before + 60)
    }
    await page.goto('/dashboard/general')
    expect(Number(await balanceOn(page, 'dashboard-balance'))).toBe(before + 60)

    // The receipt, in the buyer's language.
    await waitForMailboxEmail(page, email, receiptSubject)

    // The products page shows the same packs to a USER, without the admin editor.
    await page.goto('/dashboard/products')
    await page.getByRole('heading', { level: 1, name: m.billing.products.heading }).waitFor()
    expect(await page.getByTestId('shop-pack').count()).toBe(3)
    expect(await page.getByTestId('editor-new').count()).toBe(0)
    await expectAccessible(page)

    // Chromium logs every 4xx answer, the external redirect's 409 included: that one is expected.
    expect(errors.filter((e) => !e.includes('status of 409'))).toEqual([])
    await context.close()
  })
})
