/**
 * Changing the email address in a real browser (docs/profile.md): a wrong password is
 * refused under the form; the change is asked for, the account page shows it pending, the new
 * address receives the link in the dev mailbox and the current one a notice; opening the link
 * asks, the button changes the address (the page shows it, the former address is told); the
 * spent link explains itself; and the person signs in with the new address while the former one
 * no longer works. The account page (with its pending change) and the confirmation page go
 * through axe-core at every width.
 */
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { fr } from '../src/locales/fr'
import { launchBrowser, openPage } from './browser'
import { checkPage } from './support/a11y'
import { serverText } from './support/mail'
import { signUpVerified, uniqueEmail, waitForMailboxEmail } from './support/session'

const baseURL = inject('baseURL')
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

describe('email change', () => {
  it('asks with the password, confirms through the link from the mailbox, then signs in with the new address', async () => {
    const oldEmail = uniqueEmail('email-old')
    const newEmail = uniqueEmail('email-new')
    const { context, page, errors } = await openPage(browser, baseURL, { locale: 'fr-FR' })
    const password = await signUpVerified(page, oldEmail, 'Nina', 'Roux')

    await page.goto('/dashboard/account')
    const form = page.getByTestId('email-form')
    expect(await page.getByTestId('current-email').innerText()).toBe(oldEmail)

    // A wrong password: refused under its field, nothing sent.
    await form.getByLabel(fr.profile.email.newEmail).fill(newEmail)
    await form.getByLabel(fr.profile.email.currentPassword).fill('pas-le-bon-mot')
    await form.getByRole('button', { name: fr.profile.email.submit }).click()
    await expect
      .poll(() => page.getByTestId('email-current-password-error').innerText())
      .toBe(serverText('fr', 'profile.error.password_wrong'))
    expect(await page.getByTestId('pending-email').count()).toBe(0)

    // The right one: the same answer whoever owns the address, and the change waits.
    await form.getByLabel(fr.profile.email.newEmail).fill(newEmail)
    await form.getByLabel(fr.profile.email.currentPassword).fill(password)
    await form.getByRole('button', { name: fr.profile.email.submit }).click()
    await expect.poll(() => page.getByTestId('flash-success').innerText()).toContain(newEmail)
    await expect.poll(() => page.getByTestId('pending-email').innerText()).toContain(newEmail)
    expect(await page.getByTestId('current-email').innerText()).toBe(oldEmail)
    await checkPage(page, '/dashboard/account', 'account-email-pending', { ready: (p) => p.getByTestId('pending-email').waitFor() })

    // The current address is told; the new one receives the link.
    await waitForMailboxEmail(page, oldEmail, new RegExp(`^${escape(serverText('fr', 'email.email_change_requested.subject'))}$`))
    const mail = await waitForMailboxEmail(page, newEmail, new RegExp(`^${escape(serverText('fr', 'email.email_change.subject'))}$`))
    const link = mail.links.find((l) => l.includes('/account/email/confirm/'))
    expect(link).toBeTruthy()
    const linkPath = new URL(link!).pathname

    // Opening it asks and changes nothing.
    await page.goto(link!)
    await page.getByTestId('email-confirm').and(page.locator('[data-state="confirm"]')).waitFor()
    expect(await page.getByTestId('email-confirm').innerText()).toContain(newEmail)
    await checkPage(page, linkPath, 'account-email-confirm', { ready: (p) => p.getByTestId('email-confirm-submit').waitFor() })
    await page.goto('/dashboard/account')
    expect(await page.getByTestId('current-email').innerText()).toBe(oldEmail)

    await page.goto(link!)
    await page.getByTestId('email-confirm-submit').click()
    await page.waitForURL('**/dashboard/account')
    await expect.poll(() => page.getByTestId('current-email').innerText()).toBe(newEmail)
    expect(await page.getByTestId('flash-success').innerText()).toBe(serverText('fr', 'profile.flash.email_changed'))
    expect(await page.getByTestId('pending-email').count()).toBe(0)
    await waitForMailboxEmail(page, oldEmail, new RegExp(`^${escape(serverText('fr', 'email.email_changed.subject'))}$`))

    // The link is spent and says so.
    await page.goto(link!)
    await page.getByTestId('email-confirm').and(page.locator('[data-state="used"]')).waitFor()
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(fr.profile.email.states.used.heading)
    await checkPage(page, linkPath, 'account-email-used', { ready: (p) => p.getByTestId('email-confirm').waitFor() })

    // Signed out, the former address no longer signs in; the new one does.
    await page.goto('/auth/logout')
    await page.getByTestId('logout-confirm').click()
    await page.waitForURL((u) => u.pathname === '/')
    await page.goto('/auth/login')
    await page.locator('#login-email').fill(oldEmail)
    await page.locator('#login-password').fill(password)
    await page.getByRole('button', { name: fr.auth.login.submit, exact: true }).click()
    await page.getByTestId('login-email-error').waitFor()
    expect(page.url()).toContain('/auth/login')
    await page.locator('#login-email').fill(newEmail)
    await page.locator('#login-password').fill(password)
    await page.getByRole('button', { name: fr.auth.login.submit, exact: true }).click()
    await page.waitForURL('**/dashboard/general')
    await page.goto('/dashboard/account')
    expect(await page.getByTestId('current-email').innerText()).toBe(newEmail)
    expect(errors.filter((e) => !e.includes('status of 410'))).toEqual([]) // the spent link answers 410 Gone
    await context.close()
  }, 120_000)
})
