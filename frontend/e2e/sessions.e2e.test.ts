/**
 * Sessions and language across devices, in a real browser with two contexts as two
 * devices of one person: a laptop (French) and a phone (an iPhone's User-Agent, an English
 * browser). The phone follows the person's stored language from its first signed-in page; the
 * laptop lists both sessions, signs the phone out, and the phone's next request is a visitor's.
 * Then a language change on the laptop shows on the phone at its next page (an Inertia visit).
 * The settings page goes through axe-core at every width in both languages.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { en } from '../src/locales/en'
import { fr } from '../src/locales/fr'
import { launchBrowser, openPage } from './browser'
import { checkPage } from './support/a11y'
import { signUpVerified, uniqueEmail } from './support/session'

const baseURL = inject('baseURL')
const iPhone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

/** A second device: its own cookies, an iPhone's User-Agent, an English browser. */
async function openPhone(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL, locale: 'en-US', userAgent: iPhone, viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`))
  return { context, page, errors }
}

async function signIn(page: Page, email: string, password: string, submit: string) {
  await page.goto('/auth/login')
  await page.locator('#login-email').fill(email)
  await page.locator('#login-password').fill(password)
  await page.getByRole('button', { name: submit, exact: true }).click()
  await page.waitForURL('**/dashboard/general')
}

const phoneName = (m: typeof fr | typeof en) => m.profile.settings.sessionName.replace('{{browser}}', 'Safari 17').replace('{{os}}', 'iOS 17')

describe('sessions and language on two devices', () => {
  it('lists both devices, signs the phone out from the laptop, and moves the phone with a language change', async () => {
    const laptop = await openPage(browser, baseURL, { locale: 'fr-FR' })
    const email = uniqueEmail('sessions')
    const password = await signUpVerified(laptop.page, email, 'Noé', 'Durand')

    // The phone's browser speaks English, but the person chose French: its signed-in pages are French.
    const phone = await openPhone()
    await signIn(phone.page, email, password, en.auth.login.submit)
    await phone.page.goto('/dashboard/settings')
    await phone.page.getByRole('heading', { level: 1, name: fr.profile.settings.title }).waitFor()
    expect(await phone.page.evaluate(() => document.documentElement.lang)).toBe('fr')

    // The laptop lists both, itself first and marked as this device.
    await laptop.page.goto('/dashboard/settings')
    const sessions = laptop.page.getByTestId('session')
    await expect.poll(() => sessions.count()).toBe(2)
    expect(await sessions.nth(0).getAttribute('data-current')).toBe('true')
    expect(await sessions.nth(0).innerText()).toContain(fr.profile.settings.thisDevice)
    expect(await sessions.nth(1).innerText()).toContain(phoneName(fr))
    await checkPage(laptop.page, '/dashboard/settings', 'sessions-fr', { ready: (p) => p.getByTestId('session').first().waitFor() })

    // The laptop signs the phone out, by its named button.
    await laptop.page.getByRole('button', { name: `${fr.profile.settings.revoke} ${phoneName(fr)}` }).click()
    await laptop.page.getByText('Cette session est fermée.').waitFor()
    await expect.poll(() => sessions.count()).toBe(1)

    // The phone's next request is a visitor's: a dashboard page sends it to the sign-in page.
    await phone.page.goto('/dashboard/general')
    await phone.page.waitForURL('**/auth/login')

    // Its language cookie now follows the person, so even signed out it speaks French. Signed in
    // again, the phone is on the dashboard; the laptop switches the language to English with the
    // header's switcher, which saves it on the account and stays on the page.
    await signIn(phone.page, email, password, fr.auth.login.submit)
    expect(await phone.page.evaluate(() => document.documentElement.lang)).toBe('fr')
    await laptop.page.goto('/dashboard/general')
    await laptop.page.getByTestId('lang-en').first().click()
    await laptop.page.getByText('Language saved.').waitFor()
    expect(laptop.page.url()).toContain('/dashboard/general')
    expect(await laptop.page.evaluate(() => document.documentElement.lang)).toBe('en')

    // The phone's next page, reached by a link (an Inertia visit, no reload), is in English.
    await phone.page.locator('aside a[href="/dashboard/account"]').click()
    await phone.page.getByRole('heading', { level: 1, name: en.profile.account.title }).waitFor()
    expect(await phone.page.evaluate(() => document.documentElement.lang)).toBe('en')
    await checkPage(laptop.page, '/dashboard/settings', 'sessions-en', { ready: (p) => p.getByTestId('session').first().waitFor() })

    expect(laptop.errors).toEqual([])
    expect(phone.errors).toEqual([])
    await laptop.context.close()
    await phone.context.close()
  }, 120_000)
})
