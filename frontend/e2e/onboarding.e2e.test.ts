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

describe.each([
  ['fr-FR', fr],
  ['en-US', en],
] as const)('onboarding in %s', (locale, m) => {
  it('walks the four steps to the promo card and the video', async () => {
    const { context, page, errors } = await openPage(browser, baseURL, { locale })
    const email = `e2e-${locale.toLowerCase()}-${Date.now()}@example.com`
    await page.goto('/onboarding')
    await page.getByRole('heading', { level: 1, name: m.onboarding.email.heading }).waitFor()

    // Step 1: a bad address is refused with the translated message, then a good one passes.
    await page.getByLabel(m.onboarding.email.label).fill('not-an-email')
    await page.getByRole('button', { name: m.onboarding.next }).click()
    await page.getByRole('alert').filter({ hasText: locale === 'fr-FR' ? 'Une adresse e-mail valide est requise pour continuer.' : 'A valid email is required to continue.' }).waitFor()
    await page.getByLabel(m.onboarding.email.label).fill(email)
    await page.getByRole('button', { name: m.onboarding.next }).click()

    // Step 2: preferences.
    await page.getByRole('heading', { level: 1, name: m.onboarding.preferences.heading }).waitFor()
    await page.getByRole('radio', { name: m.onboarding.preferences.diet.vegetarian, exact: true }).check()
    await page.getByRole('radio', { name: m.onboarding.preferences.objective.muscle_gain, exact: true }).check()
    await page.getByRole('radio', { name: new RegExp(m.onboarding.preferences.preset.high_protein) }).check()
    await page.getByRole('button', { name: m.onboarding.next }).click()

    // Step 3: review with the verify-email notice, then create the account.
    await page.getByRole('heading', { level: 1, name: m.onboarding.account.heading }).waitFor()
    expect(await page.getByTestId('onboarding-summary').innerText()).toContain(email)
    expect(await page.getByRole('note').innerText()).toContain(m.onboarding.account.notice)
    await page.getByRole('button', { name: m.onboarding.account.submit }).click()

    // Step 4: full access, the promo card and the video.
    await page.getByRole('heading', { level: 1, name: m.onboarding.features.heading }).waitFor()
    expect(await page.getByTestId('promo-code').innerText()).toBe('BIENVENUE30')
    const video = page.getByTestId('onboarding-video')
    expect(await video.getAttribute('aria-describedby')).toBe('onboarding-video-description')
    // The video file is served and playable metadata loads.
    await page.waitForFunction(() => (document.querySelector('[data-testid=onboarding-video]') as HTMLVideoElement | null)?.readyState! >= 1)
    expect(await page.locator('[aria-current=step]').innerText()).toContain(m.onboarding.steps.features)
    expect(errors).toEqual([])
    await page.screenshot({ path: resolve(outputDir, `onboarding-end-${locale}.png`), fullPage: true })
    await context.close()
  })
})
