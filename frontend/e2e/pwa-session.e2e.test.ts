/**
 * The offline pages end with the session (docs/pwa.md, "Sessions"). A person's dashboard, saved
 * by the service worker, opens with the network cut while they are signed in; once the device
 * learns the session is gone — "sign out everywhere" from another device, then the network back
 * on this one (the same check runs when the tab is shown again: src/pwa/page.test.ts); cookies
 * cleared, with no request at all — the same address offline shows nothing of them: the
 * "needs a connection" page, never their name, e-mail or balance.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { en } from '../src/locales/en'
import { fr } from '../src/locales/fr'
import { OFFLINE_TEXTS, PAGES_CACHE } from '../src/pwa/sw-rules'
import { launchBrowser, openPage } from './browser'
import { signUpVerified, uniqueEmail } from './support/session'

const baseURL = inject('baseURL')
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

/** Whether the service worker controls the page; false (not a hang) while it is not ready yet. */
async function controlled(page: Page): Promise<boolean> {
  return page.evaluate(() =>
    Promise.race([
      navigator.serviceWorker.ready.then(() => navigator.serviceWorker.controller !== null),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 2_000)),
    ]),
  )
}

/** Signs up a person whose names are found nowhere else, and saves their dashboard on the device. */
async function personWithSavedDashboard(page: Page, prefix: string): Promise<{ email: string; password: string; surname: string }> {
  const email = uniqueEmail(prefix)
  const surname = `Horsligne${Math.floor(Math.random() * 1e6)}`
  const password = await signUpVerified(page, email, 'Apolline', surname)
  await page.goto('/dashboard/general')
  // Installing precaches the whole build: slow on a loaded machine. A page loaded before the
  // worker took control is answered by the network alone, so each try reloads.
  await expect
    .poll(
      async () => {
        if (await controlled(page)) return true
        await page.reload()
        return false
      },
      { timeout: 120_000, interval: 1_000 },
    )
    .toBe(true)
  // The visit the worker answers is the one it saves (a first signed-in visit may still be
  // followed by the page telling the worker who is signed in: reload until the copy is there).
  await expect
    .poll(
      async () => {
        await page.reload()
        await page.getByText(surname).waitFor()
        return page.evaluate((name) => caches.has(name), PAGES_CACHE)
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe(true)
  return { email, password, surname }
}

/** Opens the dashboard with the network cut: what a person at this device now sees. */
async function openDashboardOffline(page: Page): Promise<{ status: number | undefined; text: string }> {
  const response = await page.goto('/dashboard/general')
  await page.waitForLoadState('load')
  return { status: response?.status(), text: await page.locator('body').innerText() }
}

describe('the offline pages end with the session', () => {
  it('after "sign out everywhere" from another device, the first device shows nothing of the person offline', { timeout: 180_000 }, async () => {
    const shared = await openPage(browser, baseURL, { locale: 'fr-FR', serviceWorkers: true })
    const { email, password, surname } = await personWithSavedDashboard(shared.page, 'offline-remote')

    // While the session lives, the saved dashboard opens offline (the cache works at all).
    await shared.context.setOffline(true)
    const before = await shared.page.reload()
    expect(before?.fromServiceWorker()).toBe(true)
    await shared.page.getByText(surname).waitFor()
    await shared.context.setOffline(false)
    await shared.page.reload()
    await shared.page.getByText(surname).waitFor()

    // From the phone: sign in, then "sign out everywhere".
    const phone = await openPage(browser, baseURL, { locale: 'fr-FR' })
    await phone.page.goto('/auth/login')
    await phone.page.locator('#login-email').fill(email)
    await phone.page.locator('#login-password').fill(password)
    await phone.page.getByRole('button', { name: fr.auth.login.submit, exact: true }).click()
    await phone.page.waitForURL('**/dashboard/general')
    await phone.page.goto('/dashboard/settings')
    await phone.page.getByTestId('sign-out-everywhere').click()
    await phone.page.getByText('Toutes vos autres sessions sont fermées.').waitFor()
    await phone.context.close()

    // The shared computer's network drops and comes back (a laptop waking, a Wi-Fi hand-over):
    // the tab asks whether its session lives, leaves the person's page and the saved pages go.
    await shared.context.setOffline(true)
    await shared.context.setOffline(false)
    await shared.page.waitForURL('**/auth/login', { timeout: 20_000 })
    await expect.poll(() => shared.page.evaluate((name) => caches.has(name), PAGES_CACHE)).toBe(false)

    // The network drops: the dashboard's address shows nothing of the person.
    await shared.context.setOffline(true)
    const after = await openDashboardOffline(shared.page)
    expect(after.status).not.toBe(200)
    expect(after.text).toContain(OFFLINE_TEXTS.fr.heading)
    expect(after.text).toContain(OFFLINE_TEXTS.fr.bodySignedOut) // the saved pages are not promised
    expect(after.text).not.toContain(surname)
    expect(after.text).not.toContain(email)
    await shared.page.setViewportSize({ width: 320, height: 700 })
    await shared.page.screenshot({ path: 'test-output/pwa-session-offline-fr-320.png' })
    await shared.context.close()
  })

  it('after the cookies are cleared, nothing of the person opens offline', { timeout: 180_000 }, async () => {
    const shared = await openPage(browser, baseURL, { locale: 'en-GB', serviceWorkers: true })
    const { email, surname } = await personWithSavedDashboard(shared.page, 'offline-cookies')

    // The cookies go (the browser's "clear cookies", or the session cookie expiring); the network
    // is cut before the device could ask anything.
    await shared.context.clearCookies()
    await shared.context.setOffline(true)
    const after = await openDashboardOffline(shared.page)
    expect(after.status).not.toBe(200)
    expect(after.text).toContain(OFFLINE_TEXTS.en.heading)
    expect(after.text).toContain(OFFLINE_TEXTS.en.bodySignedOut)
    expect(after.text).not.toContain(surname)
    expect(after.text).not.toContain(email)
    expect(after.text).not.toContain(en.mealprep.list.create)
    await shared.context.close()
  })
})
