import { mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { en } from '../src/locales/en'
import { fr } from '../src/locales/fr'
import { launchBrowser, openPage } from './browser'
import { expectAccessible, layoutProblems, WIDTHS } from './support/a11y'
import { outputDir } from './support/server'
import { signUpVerified, uniqueEmail, waitForMailboxEmail } from './support/session'

const baseURL = inject('baseURL')
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

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

    const mail = await waitForMailboxEmail(page, email, /Confirmez votre adresse/)
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

    const mail = await waitForMailboxEmail(page, email, /sign-in code/)
    const code = mail.subject.match(/\d{6}/)?.[0]
    expect(code).toBeTruthy()
    expect(mail.links.some((l) => l.includes('/auth/magic-link/'))).toBe(true)

    await page.goto(codePage)
    await page.getByLabel(m.auth.fields.code).fill(code === '000000' ? '111111' : '000000')
    await page.getByRole('button', { name: m.auth.otp.submit }).click()
    await page.getByTestId('otp-code-error').filter({ hasText: '4 attempt' }).waitFor()
    await expectAccessible(page)

    await page.getByLabel(m.auth.fields.code).fill(code!)
    await page.getByRole('button', { name: m.auth.otp.submit }).click()
    await page.getByRole('heading', { level: 1, name: m.auth.steps.heading }).waitFor()
    await expectAccessible(page)
    await page.getByLabel(m.auth.fields.name, { exact: true }).fill('Hugo')
    await page.getByLabel(m.auth.fields.surname, { exact: true }).fill('Laurent')
    await page.getByRole('button', { name: m.auth.steps.submit }).click()
    await page.waitForURL('**/dashboard/general')
    await page.getByTestId('dashboard-welcome').filter({ hasText: 'Hugo' }).waitFor()
    expect(await page.getByTestId('dashboard-balance').getAttribute('data-balance')).toBe('2')

    // GET /auth/logout asks before signing out.
    await page.goto('/auth/logout')
    await page.getByTestId('logout-confirm').waitFor()
    await expectAccessible(page)
    await page.getByTestId('logout-confirm').click()
    await page.waitForURL((u) => u.pathname === '/')
    expect(errors).toEqual([])
    await context.close()
  })

  it('keeps the passwords after a refusal that is not about them (English)', async () => {
    const m = en
    const { context, page, errors } = await openPage(browser, baseURL, { locale: 'en-US' })
    await page.goto('/auth/register')
    await page.getByRole('heading', { level: 1, name: m.auth.register.heading }).waitFor()
    // No first name and a malformed address, with a good password: only the first two are refused.
    await page.getByLabel(m.auth.fields.surname, { exact: true }).fill('Martin')
    await page.getByLabel(m.auth.fields.email, { exact: true }).fill('not-an-address')
    await page.getByLabel(m.auth.fields.password, { exact: true }).fill('tomate-cerise-42')
    await page.getByLabel(m.auth.fields.passwordConfirmation, { exact: true }).fill('tomate-cerise-42')
    await page.getByRole('button', { name: m.auth.register.submit }).click()
    await page.getByTestId('register-name-error').waitFor()
    await page.getByTestId('register-email-error').waitFor()
    expect(await page.getByTestId('register-password-error').count()).toBe(0)
    expect(await page.getByLabel(m.auth.fields.password, { exact: true }).inputValue()).toBe('tomate-cerise-42')
    expect(await page.getByLabel(m.auth.fields.passwordConfirmation, { exact: true }).inputValue()).toBe('tomate-cerise-42')
    expect(await page.getByLabel(m.auth.fields.surname, { exact: true }).inputValue()).toBe('Martin')
    expect(errors).toEqual([])
    await context.close()
  })
})

describe('an emailed link of another account, in a signed-in browser', () => {
  it('asks first: staying keeps A, continuing signs in as B (French then English, axe-core, every width)', async () => {
    const { context, page, errors } = await openPage(browser, baseURL, { locale: 'fr-FR' })
    const anna = uniqueEmail('switch-a')
    await signUpVerified(page, anna, 'Anna', 'Durand')

    // B asks for a code in another browser; its email carries B's magic link.
    const other = await openPage(browser, baseURL, { locale: 'fr-FR' })
    const bob = uniqueEmail('switch-b')
    await other.page.goto('/auth/login')
    await other.page.locator('#otp-email').fill(bob)
    await other.page.getByRole('button', { name: fr.auth.login.otpSubmit }).click()
    await other.page.getByRole('heading', { level: 1, name: fr.auth.otp.heading }).waitFor()
    await other.context.close()
    const mail = await waitForMailboxEmail(page, bob, /code de connexion/)
    const link = mail.links.find((l) => l.includes('/auth/magic-link/'))
    expect(link).toBeTruthy()

    await page.goto(link!)
    await page.getByRole('heading', { level: 1, name: fr.auth.switchAccount.heading }).waitFor()
    expect(await page.locator('main').innerText()).toContain(
      fr.auth.switchAccount.text.replace('{{current}}', anna).replaceAll('{{target}}', bob),
    )
    await expectAccessible(page)
    const problems: string[] = []
    mkdirSync(outputDir, { recursive: true })
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 })
      for (const p of await layoutProblems(page)) problems.push(`${width}px: ${p}`)
      await page.screenshot({ path: resolve(outputDir, `switch-account-fr-${width}.png`) })
      if (width === 320) await expectAccessible(page)
    }
    expect(problems).toEqual([])
    await page.setViewportSize({ width: 1280, height: 900 })

    // Staying: still Anna, and the link is not spent.
    await page.getByRole('link', { name: fr.auth.switchAccount.cancel.replace('{{current}}', anna) }).click()
    await page.waitForURL('**/dashboard/general')
    await page.getByTestId('dashboard-welcome').filter({ hasText: 'Anna' }).waitFor()

    // The same question in English; continuing signs in as Bob, a new account that gives its name,
    // in French: Bob asked for his code on a French page, and pages follow the person's language.
    await page.goto(`${link}?lng=en`)
    await page.getByRole('heading', { level: 1, name: en.auth.switchAccount.heading }).waitFor()
    await page.getByRole('button', { name: en.auth.switchAccount.submit.replace('{{target}}', bob) }).click()
    await page.getByRole('heading', { level: 1, name: fr.auth.steps.heading }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/auth/otp/steps')
    expect(await page.locator('main').innerText()).toContain(bob)
    expect(errors).toEqual([])
    await context.close()
  })
})
