/**
 * Declared allergens in a real browser: a person ticks peanuts on the account page with the
 * keyboard alone (Tab to the checkbox, Space), saves, and finds it ticked after a reload; the
 * page passes axe-core and fits every width with the allergens group (docs/profile.md,
 * "Allergens").
 */
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { fr } from '../src/locales/fr'
import { launchBrowser, openPage } from './browser'
import { checkPage } from './support/a11y'
import { startGamelle, type Gamelle } from './support/server'
import { signUpVerified, uniqueEmail } from './support/session'

let browser: Browser
let server: Gamelle

beforeAll(async () => {
  server = await startGamelle({ bin: inject('gamelleBin'), adminUrl: inject('adminDatabaseUrl'), template: inject('templateDatabase'), logName: 'allergens-server.log' })
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('allergens', () => {
  it('are ticked with the keyboard on the account page, saved, and read back', async () => {
    const { page } = await openPage(browser, server.baseURL, { locale: 'fr-FR' })
    await signUpVerified(page, uniqueEmail('allergens'), 'Inès', 'Garnier')
    await page.goto('/dashboard/account')
    const group = page.getByRole('group', { name: fr.profile.account.allergens })
    const peanuts = group.getByRole('checkbox', { name: 'arachides' })
    await group.getByRole('checkbox', { name: 'céréales contenant du gluten' }).focus()
    for (let i = 0; i < 4; i++) await page.keyboard.press('Tab')
    expect(await peanuts.evaluate((el) => el === document.activeElement)).toBe(true)
    await page.keyboard.press('Space')
    expect(await peanuts.isChecked()).toBe(true)
    await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/account') && r.request().method() === 'POST'),
      page.getByTestId('account-form').getByRole('button', { name: fr.profile.account.save, exact: true }).click(),
    ])
    await page.waitForLoadState('networkidle')
    await page.reload()
    expect(await page.getByRole('group', { name: fr.profile.account.allergens }).getByRole('checkbox', { name: 'arachides' }).isChecked()).toBe(true)
    await page.setViewportSize({ width: 320, height: 800 })
    await page.getByRole('group', { name: fr.profile.account.allergens }).scrollIntoViewIfNeeded()
    await page.screenshot({ path: '/tmp/allergens-account-320.png' })
    await checkPage(page, '/dashboard/account', 'account-allergens')
  })
})
