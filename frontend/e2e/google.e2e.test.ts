/**
 * "Continue with Google" in a real browser: this file runs a Gamelle server of its own with
 * GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET / GOOGLE_ISSUER_URL pointing at mockoidc (a real
 * OpenID Connect server, in e2efakes), and SMTP to e2efakes. The browser goes to mockoidc's
 * authorize endpoint, which answers at once for the person the test queued, and comes back
 * through the callback (state, nonce and PKCE checked by the server).
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { en } from '../src/locales/en'
import { fr } from '../src/locales/fr'
import { launchBrowser, openPage } from './browser'
import { clickEmailAction, expectEmail, mailTo, openEmail, serverText, waitForMail } from './support/mail'
import { startStack, type Stack } from './support/server'

let browser: Browser
let stack: Stack

beforeAll(async () => {
  stack = await startStack({
    gamelleBin: inject('gamelleBin'),
    fakesBin: inject('fakesBin'),
    adminUrl: inject('adminDatabaseUrl'),
    template: inject('templateDatabase'),
    name: 'google',
    google: true,
  })
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  await stack?.stop()
})

interface GooglePerson {
  subject: string
  email: string
  emailVerified: boolean
  givenName?: string
  familyName?: string
}

/** The next authorization at mockoidc signs in this person. */
async function queueGooglePerson(person: GooglePerson) {
  const res = await fetch(`${stack.fakes.control}/oidc/users`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(person),
    signal: AbortSignal.timeout(5000),
  })
  expect(res.status).toBe(204)
}

async function balance(page: Page): Promise<string | null> {
  return page.getByTestId('dashboard-balance').getAttribute('data-balance')
}

/** Clicks the Google button (checking it is the only provider shown) and waits for the dashboard. */
async function continueWithGoogle(page: Page, label: string) {
  const buttons = page.getByTestId('social-buttons')
  // evaluateAll does not wait: let the page render its buttons first (slow under load).
  await buttons.locator('[data-provider]').first().waitFor()
  expect(await buttons.locator('[data-provider]').evaluateAll((as) => as.map((a) => a.getAttribute('data-provider')))).toEqual(['google'])
  const issuerOrigin = new URL(stack.fakes.issuer).origin
  const wentToProvider = page.waitForRequest((req) => req.url().startsWith(`${issuerOrigin}/oidc/authorize?`))
  await buttons.getByRole('link', { name: label }).click()
  const authorize = new URL((await wentToProvider).url())
  expect(authorize.searchParams.get('client_id')).toBe(stack.fakes.clientId)
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256')
  expect(authorize.searchParams.get('redirect_uri')).toBe(`${stack.baseURL}/google/callback`)
  await page.waitForURL('**/dashboard/general')
}

describe('Google sign-in through mockoidc', () => {
  it('signs up with Google (French): 2 tokens, no email; signing in again keeps 2', async () => {
    const m = fr
    const { context, page, errors } = await openPage(browser, stack.baseURL, { locale: 'fr-FR' })
    const person = { subject: `g-fr-${Date.now()}`, email: `e2e-google-fr-${Date.now()}@example.com`, emailVerified: true, givenName: 'Léa', familyName: 'Moreau' }

    await queueGooglePerson(person)
    await page.goto('/auth/login')
    await continueWithGoogle(page, m.social.google)
    await page.getByTestId('dashboard-welcome').filter({ hasText: 'Léa' }).waitFor()
    expect(await balance(page)).toBe('2')

    await page.getByRole('button', { name: m.nav.signOut }).click()
    await page.waitForURL((u) => u.pathname === '/')

    // Again, from the sign-up page this time: the same account, still 2.
    await queueGooglePerson(person)
    await page.goto('/auth/register')
    await continueWithGoogle(page, m.social.google)
    await page.getByTestId('dashboard-welcome').filter({ hasText: 'Léa' }).waitFor()
    expect(await balance(page)).toBe('2')

    // Google proved the address: no confirmation email was sent.
    expect(await mailTo(stack.fakes, person.email)).toEqual([])
    expect(errors).toEqual([])
    await context.close()
  })

  it('Google verifies an account registered with a password (English): 2 tokens once, across both ways', async () => {
    const m = en
    const { context, page, errors } = await openPage(browser, stack.baseURL, { locale: 'en-US' })
    const email = `e2e-google-en-${Date.now()}@example.com`
    const password = 'tomate-cerise-42'

    await page.goto('/auth/register')
    await page.getByLabel(m.auth.fields.name, { exact: true }).fill('Sam')
    await page.getByLabel(m.auth.fields.surname, { exact: true }).fill('Petit')
    await page.getByLabel(m.auth.fields.email, { exact: true }).fill(email)
    await page.getByLabel(m.auth.fields.password, { exact: true }).fill(password)
    await page.getByLabel(m.auth.fields.passwordConfirmation, { exact: true }).fill(password)
    await page.getByRole('button', { name: m.auth.register.submit }).click()
    await page.waitForURL('**/auth/login')
    const verify = await waitForMail(stack.fakes, email)
    expectEmail(verify, { kind: 'verify', lang: 'en', to: email, name: 'Sam' })

    // Not opened yet: Google (no name in the token) proves the address and signs in.
    await queueGooglePerson({ subject: `g-en-${Date.now()}`, email, emailVerified: true })
    await continueWithGoogle(page, m.social.google)
    await page.getByTestId('dashboard-welcome').filter({ hasText: 'Sam' }).waitFor()
    expect(await balance(page)).toBe('2')

    // The emailed link, opened afterwards, grants nothing more.
    await openEmail(page, verify, 'verify', 'en')
    await clickEmailAction(page, 'verify', 'en')
    await page.waitForURL('**/dashboard/general')
    await page.getByTestId('flash-success').filter({ hasText: serverText('en', 'flash.verify.already_signed_in') }).waitFor()
    expect(await balance(page)).toBe('2')

    // The password was set by someone who never proved the address: Google's proof dropped it.
    await page.getByRole('button', { name: m.nav.signOut }).click()
    await page.waitForURL((u) => u.pathname === '/')
    await page.goto('/auth/login')
    await page.locator('#login-email').fill(email)
    await page.locator('#login-password').fill(password)
    await page.getByRole('button', { name: m.auth.login.submit, exact: true }).click()
    await page.getByRole('alert').filter({ hasText: serverText('en', 'error.login.invalid') }).first().waitFor()
    expect(errors).toEqual([])
    await context.close()
  })
})
