/**
 * The admin dashboard in a real browser. This file runs a Gamelle server of its own with
 * ADMIN_EMAILS naming the admin (the way a first admin is made at sign-up, beside the
 * `gamelle admin promote` command): an admin finds a person, grants 5 tokens with a written
 * reason, sees the grant in the audit, and the person sees their balance grow. Every admin page
 * is checked with axe-core and at every width.
 */
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { en } from '../src/locales/en'
import { fr } from '../src/locales/fr'
import { gotoRendered, launchBrowser, openPage } from './browser'
import { checkPage } from './support/a11y'
import { startGamelle, type Gamelle } from './support/server'
import { signUpVerified, uniqueEmail } from './support/session'

const adminEmail = uniqueEmail('admin')
let browser: Browser
let server: Gamelle

beforeAll(async () => {
  server = await startGamelle({
    bin: inject('gamelleBin'),
    adminUrl: inject('adminDatabaseUrl'),
    template: inject('templateDatabase'),
    logName: 'admin-server.log',
    env: { ADMIN_EMAILS: adminEmail },
  })
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

const personEmail = uniqueEmail('person')
let personPath = ''

describe('admin dashboard', () => {
  it('finds a person, grants 5 tokens with a reason, sees it in the audit and in their balance', async () => {
    const admin = await openPage(browser, server.baseURL, { locale: 'fr-FR' })
    const person = await openPage(browser, server.baseURL, { locale: 'fr-FR' })
    await signUpVerified(admin.page, adminEmail, 'Alex', 'Admin')
    await signUpVerified(person.page, personEmail, 'Léa', 'Moreau')
    expect(await person.page.getByTestId('dashboard-balance').getAttribute('data-balance')).toBe('2')

    // The admin finds the person from the people search, with the keyboard only.
    const m = fr
    const page = admin.page
    await page.goto('/dashboard/admin/users')
    await page.getByLabel(m.admin.users.search).fill(personEmail)
    await page.keyboard.press('Enter')
    await page.waitForURL((u) => u.searchParams.get('q') === personEmail)
    await page.getByRole('link', { name: personEmail }).click()
    await page.waitForURL('**/dashboard/admin/users/*')
    personPath = new URL(page.url()).pathname
    expect(await page.getByTestId('admin-user-balance').innerText()).toBe('2')

    // A grant without a reason is refused next to its field, and focus goes there.
    await page.getByLabel(m.admin.user.amount).fill('5')
    await page.getByRole('button', { name: m.admin.user.adjust }).click()
    await expect.poll(() => page.locator('#adjust-reason-error').count()).toBe(1)
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('adjust-reason')
    expect(await page.getByTestId('admin-user-balance').innerText()).toBe('2')

    await page.getByLabel(m.admin.user.reasonField).fill('Geste commercial après une panne')
    await page.getByRole('button', { name: m.admin.user.adjust }).click()
    await expect.poll(() => page.getByTestId('admin-user-balance').innerText()).toBe('7')
    await expect.poll(() => page.getByTestId('admin-user-actions').innerText()).toContain('Geste commercial après une panne')

    // The audit shows the grant, filtered on the person and the reason.
    // The audit reads the token-history read model, which may lag the grant by a moment (the
    // person's page above reads the wallet itself): reload until it has caught up.
    const rows = page.getByTestId('audit-table').locator('tbody tr')
    await expect
      .poll(async () => {
        await gotoRendered(page, `/dashboard/admin?user=${encodeURIComponent(personEmail)}&reason=admin_grant`)
        return rows.count()
      })
      .toBe(1)
    expect(await rows.first().innerText()).toContain('+5')
    expect(await rows.first().innerText()).toContain(m.admin.reason.admin_grant)

    // The person sees 7 tokens.
    await person.page.goto('/dashboard/general')
    expect(await person.page.getByTestId('dashboard-balance').getAttribute('data-balance')).toBe('7')

    // A USER is refused the admin pages.
    const refused = await person.page.goto('/dashboard/admin')
    expect(refused?.status()).toBe(403)

    expect(admin.errors).toEqual([])
    expect(person.errors.filter((e) => !e.includes('403'))).toEqual([])
    await admin.context.close()
    await person.context.close()
  }, 120_000)

  it.each([
    ['fr', fr],
    ['en', en],
  ] as const)('every admin page passes axe-core and fits every width (%s)', async (lng, t) => {
    expect(personPath).not.toBe('')
    const { context, page, errors } = await openPage(browser, server.baseURL, { locale: lng === 'fr' ? 'fr-FR' : 'en-US' })
    await page.goto('/auth/login')
    await page.locator('#login-email').fill(adminEmail)
    await page.locator('#login-password').fill('tomate-cerise-42')
    await page.getByRole('button', { name: t.auth.login.submit, exact: true }).click()
    await page.waitForURL('**/dashboard/general')
    if (lng === 'en') {
      // The admin's account stored French and pages follow the person's language: choose English.
      await page.goto('/dashboard/language')
      await page.getByLabel(fr.profile.language.en).check()
      await page.getByRole('button', { name: fr.profile.language.save }).click()
      await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(en.profile.language.title)
    }
    await page.goto('/dashboard/admin')
    await page.getByRole('heading', { level: 2, name: t.admin.audit.title }).waitFor()
    await checkPage(page, '/dashboard/admin', `admin-audit-${lng}`)
    await checkPage(page, '/dashboard/admin/users', `admin-users-${lng}`)
    await checkPage(page, personPath, `admin-user-${lng}`)
    await checkPage(page, `${personPath}/events`, `admin-events-${lng}`)
    await checkPage(page, '/dashboard/admin/stats', `admin-stats-${lng}`)
    await checkPage(page, '/dashboard/admin/prices', `admin-prices-${lng}`)
    expect(errors).toEqual([])
    await context.close()
  }, 180_000)
})
