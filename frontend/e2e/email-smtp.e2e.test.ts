/**
 * Sign-up and sign-in by email, with the emails going over real SMTP: this file runs a Gamelle
 * server of its own with SMTP_URL (user and password) pointing at e2efakes' SMTP server, reads
 * what that server received (MIME-decoded), and follows the links by clicking them in the
 * rendered HTML of the email. French and English browsers; each email must be in the
 * browser's language. The shared server's dev-mailbox path stays covered by auth.e2e.test.ts.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { en } from '../src/locales/en'
import { fr } from '../src/locales/fr'
import { launchBrowser, openPage } from './browser'
import { clickEmailAction, serverText, expectEmail, mailTo, openEmail, waitForMail } from './support/mail'
import { startStack, type Stack } from './support/server'

let browser: Browser
let stack: Stack

beforeAll(async () => {
  stack = await startStack({
    gamelleBin: inject('gamelleBin'),
    fakesBin: inject('fakesBin'),
    adminUrl: inject('adminDatabaseUrl'),
    template: inject('templateDatabase'),
    name: 'email-smtp',
  })
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  await stack?.stop()
})

async function balance(page: Page): Promise<string | null> {
  return page.getByTestId('dashboard-balance').getAttribute('data-balance')
}

let seq = 0
function address(prefix: string): string {
  seq += 1
  return `${prefix}-${Date.now()}-${seq}@example.com`
}

describe('emails over SMTP', () => {
  it('registers with a password, gets the French email, clicks its link: 2 tokens, however often it is opened', async () => {
    const m = fr
    const { context, page, errors } = await openPage(browser, stack.baseURL, { locale: 'fr-FR' })
    const email = address('e2e-smtp-register')

    await page.goto('/auth/register')
    await page.getByLabel(m.auth.fields.name, { exact: true }).fill('Amélie')
    await page.getByLabel(m.auth.fields.surname, { exact: true }).fill('Lefèvre')
    await page.getByLabel(m.auth.fields.email, { exact: true }).fill(email)
    await page.getByLabel(m.auth.fields.password, { exact: true }).fill('tomate-cerise-42')
    await page.getByLabel(m.auth.fields.passwordConfirmation, { exact: true }).fill('tomate-cerise-42')
    await page.getByRole('button', { name: m.auth.register.submit }).click()
    await page.waitForURL('**/auth/login')

    const mail = await waitForMail(stack.fakes, email)
    expectEmail(mail, { kind: 'verify', lang: 'fr', to: email, name: 'Amélie' })
    expect(mail.from).toBe(mail.envelopeFrom)
    const link = await openEmail(page, mail, 'verify', 'fr')
    expect(link.startsWith(`${stack.baseURL}/auth/verify/`)).toBe(true)

    await clickEmailAction(page, 'verify', 'fr')
    await page.waitForURL('**/dashboard/general')
    await page.getByTestId('flash-success').filter({ hasText: serverText('fr', 'flash.verify.done') }).waitFor()
    await page.getByTestId('dashboard-welcome').filter({ hasText: 'Amélie' }).waitFor()
    expect(await balance(page)).toBe('2')

    // Again, then in three tabs at once: still 2.
    await page.goto(link)
    await page.waitForURL('**/dashboard/general')
    expect(await balance(page)).toBe('2')
    const tabs = await Promise.all([1, 2, 3].map(() => context.newPage()))
    await Promise.all(tabs.map((tab) => tab.goto(link)))
    await page.reload()
    expect(await balance(page)).toBe('2')

    // One email in all: opening the link sends nothing more.
    expect(await mailTo(stack.fakes, email)).toHaveLength(1)
    expect(errors).toEqual([])
    await context.close()
  })

  it('signs in with the code from the English email over SMTP, gives a name, sees 2 tokens', async () => {
    const m = en
    const { context, page, errors } = await openPage(browser, stack.baseURL, { locale: 'en-US' })
    const email = address('e2e-smtp-otp')

    await page.goto('/auth/login')
    await page.locator('#otp-email').fill(email)
    await page.getByRole('button', { name: m.auth.login.otpSubmit }).click()
    await page.getByRole('heading', { level: 1, name: m.auth.otp.heading }).waitFor()
    const codePage = page.url()

    const mail = await waitForMail(stack.fakes, email)
    const code = mail.subject.match(/\b\d{6}\b/)?.[0]
    expect(code).toBeTruthy()
    expectEmail(mail, { kind: 'otp', lang: 'en', to: email, code })
    expect(mail.text).toContain(`${serverText('en', 'email.code_label')} ${code}\n`)
    expect(mail.html).toContain(`>${code}</p>`)
    expect(await openEmail(page, mail, 'otp', 'en')).toMatch(new RegExp(`^${stack.baseURL}/auth/magic-link/`))

    await page.goto(codePage)
    await page.getByRole('heading', { level: 1, name: m.auth.otp.heading }).waitFor()
    await page.getByLabel(m.auth.fields.code).fill(code!)
    await page.getByRole('button', { name: m.auth.otp.submit }).click()
    await page.getByRole('heading', { level: 1, name: m.auth.steps.heading }).waitFor()
    await page.getByLabel(m.auth.fields.name, { exact: true }).fill('Hugo')
    await page.getByLabel(m.auth.fields.surname, { exact: true }).fill('Laurent')
    await page.getByRole('button', { name: m.auth.steps.submit }).click()
    await page.waitForURL('**/dashboard/general')
    await page.getByTestId('dashboard-welcome').filter({ hasText: 'Hugo' }).waitFor()
    expect(await balance(page)).toBe('2')
    expect(errors).toEqual([])
    await context.close()
  })

  it('signs in with the magic link of the French email, once', async () => {
    const m = fr
    const { context, page, errors } = await openPage(browser, stack.baseURL, { locale: 'fr-FR' })
    const email = address('e2e-smtp-magic')

    await page.goto('/auth/login')
    await page.locator('#otp-email').fill(email)
    await page.getByRole('button', { name: m.auth.login.otpSubmit }).click()
    await page.getByRole('heading', { level: 1, name: m.auth.otp.heading }).waitFor()

    const mail = await waitForMail(stack.fakes, email)
    const code = mail.subject.match(/\b\d{6}\b/)?.[0]
    expectEmail(mail, { kind: 'otp', lang: 'fr', to: email, code })
    const link = await openEmail(page, mail, 'otp', 'fr')
    await clickEmailAction(page, 'otp', 'fr')

    // A first-time visitor gives a name, then lands on the dashboard with the bonus.
    await page.getByRole('heading', { level: 1, name: m.auth.steps.heading }).waitFor()
    await page.getByLabel(m.auth.fields.name, { exact: true }).fill('Zoé')
    await page.getByLabel(m.auth.fields.surname, { exact: true }).fill('Roux')
    await page.getByRole('button', { name: m.auth.steps.submit }).click()
    await page.waitForURL('**/dashboard/general')
    await page.getByTestId('dashboard-welcome').filter({ hasText: 'Zoé' }).waitFor()
    expect(await balance(page)).toBe('2')

    // The link is single use: a second click, signed in, says so (in French) without asking to
    // sign in again, and grants nothing.
    await page.goto(link)
    await page.waitForURL('**/dashboard/general')
    await page.getByTestId('flash-success').filter({ hasText: serverText('fr', 'flash.link.magic_used_signed_in') }).waitFor()
    expect(await balance(page)).toBe('2')
    expect(errors).toEqual([])
    await context.close()
  })

  it('resets a forgotten password from the English email: old sessions end, the new password signs in', async () => {
    const m = en
    // The "+" checks the address survives the link's path encoding and the email's.
    const email = address('e2e.smtp+reset')
    const oldPassword = 'tomate-cerise-42'
    const newPassword = 'courgette-jaune-77'

    // Session A: register and verify (2 tokens).
    const a = await openPage(browser, stack.baseURL, { locale: 'en-US' })
    await a.page.goto('/auth/register')
    await a.page.getByLabel(m.auth.fields.name, { exact: true }).fill('Alex')
    await a.page.getByLabel(m.auth.fields.surname, { exact: true }).fill('Morel')
    await a.page.getByLabel(m.auth.fields.email, { exact: true }).fill(email)
    await a.page.getByLabel(m.auth.fields.password, { exact: true }).fill(oldPassword)
    await a.page.getByLabel(m.auth.fields.passwordConfirmation, { exact: true }).fill(oldPassword)
    await a.page.getByRole('button', { name: m.auth.register.submit }).click()
    await a.page.waitForURL('**/auth/login')
    const verify = await waitForMail(stack.fakes, email)
    expectEmail(verify, { kind: 'verify', lang: 'en', to: email, name: 'Alex' })
    await openEmail(a.page, verify, 'verify', 'en')
    await clickEmailAction(a.page, 'verify', 'en')
    await a.page.waitForURL('**/dashboard/general')
    expect(await balance(a.page)).toBe('2')

    // Browser B: forgotten password → email → new password. No automatic sign-in.
    const b = await openPage(browser, stack.baseURL, { locale: 'en-US' })
    await b.page.goto('/auth/login')
    await b.page.getByRole('link', { name: m.auth.login.forgotten }).click()
    await b.page.getByRole('heading', { level: 1, name: m.auth.forgotten.heading }).waitFor()
    await b.page.getByLabel(m.auth.fields.email, { exact: true }).fill(email)
    await b.page.getByRole('button', { name: m.auth.forgotten.submit }).click()
    await b.page.getByTestId('flash-success').filter({ hasText: serverText('en', 'flash.reset.sent') }).waitFor()

    const reset = await waitForMail(stack.fakes, email, 2)
    expectEmail(reset, { kind: 'reset', lang: 'en', to: email, name: 'Alex' })
    const link = await openEmail(b.page, reset, 'reset', 'en')
    await clickEmailAction(b.page, 'reset', 'en')
    await b.page.getByRole('heading', { level: 1, name: m.auth.reset.heading }).waitFor()
    await b.page.getByText(email).first().waitFor()
    await b.page.getByLabel(m.auth.fields.password, { exact: true }).fill(newPassword)
    await b.page.getByLabel(m.auth.fields.passwordConfirmation, { exact: true }).fill(newPassword)
    await b.page.getByRole('button', { name: m.auth.reset.submit }).click()
    await b.page.waitForURL('**/auth/login')
    await b.page.getByTestId('flash-success').filter({ hasText: serverText('en', 'flash.reset.done') }).waitFor()

    // Session A was signed out by the reset.
    await a.page.goto('/dashboard/general')
    await a.page.waitForURL('**/auth/login')

    // The old password no longer works; the new one does, and the balance is still 2.
    await b.page.locator('#login-email').fill(email)
    await b.page.locator('#login-password').fill(oldPassword)
    await b.page.getByRole('button', { name: m.auth.login.submit, exact: true }).click()
    await b.page.getByRole('alert').filter({ hasText: serverText('en', 'error.login.invalid') }).first().waitFor()
    await b.page.locator('#login-email').fill(email)
    await b.page.locator('#login-password').fill(newPassword)
    await b.page.getByRole('button', { name: m.auth.login.submit, exact: true }).click()
    await b.page.waitForURL('**/dashboard/general')
    expect(await balance(b.page)).toBe('2')

    // The reset link was single use.
    await b.page.goto(link)
    await b.page.getByText(m.auth.link.resetUsedSignedIn.replace('{{email}}', email)).waitFor()

    expect(a.errors).toEqual([])
    expect(b.errors.filter((e) => !e.includes('status of 410'))).toEqual([]) // the dead link answers 410 Gone
    await a.context.close()
    await b.context.close()
  })
})
