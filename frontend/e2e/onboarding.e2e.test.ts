import { mkdirSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { en } from '../src/locales/en'
import { fr } from '../src/locales/fr'
import { launchBrowser, openPage } from './browser'
import { expectAccessible } from './support/a11y'
import { signUpVerified, uniqueEmail, waitForMailboxEmail } from './support/session'

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

describe.each([
  ['fr-FR', fr],
  ['en-US', en],
] as const)('onboarding in %s', (locale, m) => {
  it('walks the four steps to the promo card', async () => {
    const { context, page, errors } = await openPage(browser, baseURL, { locale })
    const email = `e2e-${locale.toLowerCase()}-${Date.now()}@example.com`
    await page.goto('/onboarding')
    await page.getByRole('heading', { level: 1, name: m.onboarding.email.heading }).waitFor()

    // Step 1: a bad address is refused with the translated message, then a good one passes.
    await page.getByLabel(m.onboarding.email.label).fill('not-an-email')
    await page.getByRole('button', { name: m.onboarding.next }).click()
    await page.getByRole('alert').filter({ hasText: locale === 'fr-FR' ? 'Une adresse e-mail valide est requise pour continuer.' : 'A valid email is required to continue.' }).waitFor()
    await expectAccessible(page)
    await page.getByLabel(m.onboarding.email.label).fill(email)
    await page.getByRole('button', { name: m.onboarding.next }).click()

    // Step 2: preferences.
    await page.getByRole('heading', { level: 1, name: m.onboarding.preferences.heading }).waitFor()
    await expectAccessible(page)
    await page.getByRole('radio', { name: m.onboarding.preferences.diet.vegetarian, exact: true }).check()
    await page.getByRole('radio', { name: m.onboarding.preferences.objective.muscle_gain, exact: true }).check()
    await page.getByRole('radio', { name: new RegExp(m.onboarding.preferences.preset.high_protein) }).check()
    await page.getByRole('button', { name: m.onboarding.next }).click()

    // Step 3: review with the verify-email notice, then create the account.
    await page.getByRole('heading', { level: 1, name: m.onboarding.account.heading }).waitFor()
    await expectAccessible(page)
    expect(await page.getByTestId('onboarding-summary').innerText()).toContain(email)
    expect(await page.getByRole('note').innerText()).toContain(m.onboarding.account.notice)
    await page.getByRole('button', { name: m.onboarding.account.submit }).click()

    // Step 4: full access and the promo card (no placeholder video).
    await page.getByRole('heading', { level: 1, name: m.onboarding.features.heading }).waitFor()
    await expectAccessible(page)
    expect(await page.getByTestId('promo-code').innerText()).toBe('BIENVENUE30')
    expect(await page.locator('video').count()).toBe(0)
    expect(await page.locator('[aria-current=step]').innerText()).toContain(m.onboarding.steps.features)
    expect(errors).toEqual([])
    await page.screenshot({ path: resolve(outputDir, `onboarding-end-${locale}.png`), fullPage: true })
    await context.close()
  })
})

describe('onboarding with a known address', () => {
  it('changes nothing, then the owner applies the choices from the email', async () => {
    const owner = await openPage(browser, baseURL, { locale: 'fr-FR' })
    const email = uniqueEmail('onboarding-known')
    await signUpVerified(owner.page, email)

    // Someone (here, the owner in another browser) goes through the onboarding with the address.
    const other = await openPage(browser, baseURL, { locale: 'fr-FR' })
    await other.page.goto('/onboarding')
    await other.page.getByLabel(fr.onboarding.email.label).fill(email)
    await other.page.getByRole('button', { name: fr.onboarding.next }).click()
    await other.page.getByRole('heading', { level: 1, name: fr.onboarding.preferences.heading }).waitFor()
    await other.page.getByRole('radio', { name: fr.onboarding.preferences.diet.vegan, exact: true }).check()
    await other.page.getByRole('radio', { name: fr.onboarding.preferences.objective.weight_loss, exact: true }).check()
    await other.page.getByRole('radio', { name: new RegExp(fr.onboarding.preferences.preset.low_carbs) }).check()
    await other.page.getByRole('button', { name: fr.onboarding.next }).click()
    await other.page.getByRole('button', { name: fr.onboarding.account.submit }).click()
    await other.page.getByRole('heading', { level: 1, name: fr.onboarding.features.heading }).waitFor()
    await other.context.close()

    // The owner's email links to a page that asks before applying anything.
    const mail = await waitForMailboxEmail(owner.page, email, /resté tel quel/)
    const link = mail.links.find((l) => l.includes('/account/preferences/confirm/'))
    expect(link).toBeTruthy()
    await owner.page.goto(link!)
    await owner.page.getByRole('heading', { level: 1, name: fr.profile.preferences.heading }).waitFor()
    expect(await owner.page.getByTestId('preferences-diet').innerText()).toBe(fr.profile.account.diets.vegan)
    await owner.page.getByTestId('preferences-confirm-submit').click()
    await owner.page.waitForURL('**/dashboard/account')
    await owner.page.getByText(/Préférences appliquées/).waitFor()
    expect(await owner.page.getByLabel(fr.profile.account.diet, { exact: true }).inputValue()).toBe('vegan')
    expect(owner.errors).toEqual([])
    await owner.context.close()
  })
})
