import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { en } from '../src/locales/en'
import { fr } from '../src/locales/fr'
import { launchBrowser, openPage } from './browser'

const baseURL = inject('baseURL')
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

/**
 * Opens the development mailbox (APP_ENV=test without SMTP_URL keeps emails there) until an
 * email for `to` whose subject matches arrives: the River worker sends it shortly after the
 * request that queued it.
 */
async function waitForEmail(page: Page, to: string, subject: RegExp): Promise<{ subject: string; links: string[] }> {
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    await page.goto(`/dev/mailbox?to=${encodeURIComponent(to)}`)
    const emails = page.getByTestId('mailbox-email').filter({ has: page.getByTestId('mailbox-subject').filter({ hasText: subject }) })
    if ((await emails.count()) > 0) {
      const first = emails.first()
      const links = await first.getByTestId('mailbox-link').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href))
      return { subject: await first.getByTestId('mailbox-subject').innerText(), links }
    }
    await page.waitForTimeout(300)
  }
  throw new Error(`no email to ${to} matching ${subject}`)
}

describe('identity in the browser', () => {
  it('registers, opens the verification link, sees 2 tokens, signs out (French)', async () => {
    const m = fr
    const { context, page, errors } = await openPage(browser, baseURL, { locale: 'fr-FR' })
    const email = `e2e-register-${Date.now()}@example.com`

    await page.goto('/auth/register')
    await page.getByRole('heading', { level: 1, name: m.auth.register.heading }).waitFor()
    // A refused form keeps what was typed, except passwords.
    await page.getByLabel(m.auth.fields.name, { exact: true }).fill('Camille')
    await page.getByLabel(m.auth.fields.surname, { exact: true }).fill('Martin')
    await page.getByLabel(m.auth.fields.email, { exact: true }).fill(email)
    await page.getByLabel(m.auth.fields.password, { exact: true }).fill('azerty123')
    await page.getByLabel(m.auth.fields.passwordConfirmation, { exact: true }).fill('azerty123')
    await page.getByRole('button', { name: m.auth.register.submit }).click()
    await page.getByTestId('register-password-error').waitFor()
    expect(await page.getByLabel(m.auth.fields.email, { exact: true }).inputValue()).toBe(email)
    expect(await page.getByLabel(m.auth.fields.password, { exact: true }).inputValue()).toBe('')
    // The server's error follows the FR/EN switch (it sent the text in both languages), and back.
    const frenchError = await page.getByTestId('register-password-error').innerText()
    await page.getByTestId('lang-en').click()
    await expect.poll(() => page.getByTestId('register-password-error').innerText()).toBe('This password is too common. Choose one that is harder to guess.')
    await page.getByTestId('lang-fr').click()
    await expect.poll(() => page.getByTestId('register-password-error').innerText()).toBe(frenchError)

    await page.getByLabel(m.auth.fields.password, { exact: true }).fill('tomate-cerise-42')
    await page.getByLabel(m.auth.fields.passwordConfirmation, { exact: true }).fill('tomate-cerise-42')
    await page.getByRole('button', { name: m.auth.register.submit }).click()
    await page.waitForURL('**/auth/login')

    const mail = await waitForEmail(page, email, /Confirmez votre adresse/)
    const verify = mail.links.find((l) => l.includes('/auth/verify/'))
    expect(verify).toBeTruthy()
    await page.goto(verify!)
    await page.waitForURL('**/dashboard/general')
    await page.getByTestId('dashboard-welcome').filter({ hasText: 'Camille' }).waitFor()
    expect(await page.getByTestId('dashboard-balance').getAttribute('data-balance')).toBe('2')

    // Opening the link again grants nothing more.
    await page.goto(verify!)
    await page.waitForURL('**/dashboard/general')
    expect(await page.getByTestId('dashboard-balance').getAttribute('data-balance')).toBe('2')

    await page.getByRole('button', { name: m.nav.signOut }).click()
    await page.waitForURL((u) => u.pathname === '/')
    await page.goto('/dashboard/general')
    await page.waitForURL('**/auth/login')
    expect(errors).toEqual([])
    await context.close()
  })

  it('signs in with a one-time code, gives a name, sees 2 tokens (English)', async () => {
    const m = en
    const { context, page, errors } = await openPage(browser, baseURL, { locale: 'en-US' })
    const email = `e2e-otp-${Date.now()}@example.com`

    await page.goto('/auth/login')
    await page.locator('#otp-email').fill(email)
    await page.getByRole('button', { name: m.auth.login.otpSubmit }).click()
    await page.getByRole('heading', { level: 1, name: m.auth.otp.heading }).waitFor()
    const codePage = page.url()

    const mail = await waitForEmail(page, email, /sign-in code/)
    const code = mail.subject.match(/\d{6}/)?.[0]
    expect(code).toBeTruthy()
    expect(mail.links.some((l) => l.includes('/auth/magic-link/'))).toBe(true)

    await page.goto(codePage)
    await page.getByLabel(m.auth.fields.code).fill(code === '000000' ? '111111' : '000000')
    await page.getByRole('button', { name: m.auth.otp.submit }).click()
    await page.getByTestId('otp-code-error').filter({ hasText: '4 attempt' }).waitFor()

    await page.getByLabel(m.auth.fields.code).fill(code!)
    await page.getByRole('button', { name: m.auth.otp.submit }).click()
    await page.getByRole('heading', { level: 1, name: m.auth.steps.heading }).waitFor()
    await page.getByLabel(m.auth.fields.name, { exact: true }).fill('Hugo')
    await page.getByLabel(m.auth.fields.surname, { exact: true }).fill('Laurent')
    await page.getByRole('button', { name: m.auth.steps.submit }).click()
    await page.waitForURL('**/dashboard/general')
    await page.getByTestId('dashboard-welcome').filter({ hasText: 'Hugo' }).waitFor()
    expect(await page.getByTestId('dashboard-balance').getAttribute('data-balance')).toBe('2')

    // GET /auth/logout asks before signing out.
    await page.goto('/auth/logout')
    await page.getByTestId('logout-confirm').click()
    await page.waitForURL((u) => u.pathname === '/')
    expect(errors).toEqual([])
    await context.close()
  })
})
