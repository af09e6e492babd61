/**
 * Getting a signed-in browser page on the shared server (APP_ENV=test, emails in the dev
 * mailbox): `signUpVerified` registers a new person through the real forms and opens the
 * verification link, which signs them in on the dashboard with their 2 tokens.
 */
import type { Page } from 'playwright-core'
import { fr } from '../../src/locales/fr'

/**
 * Opens the development mailbox until an email for `to` whose subject matches arrives (the River
 * worker sends it shortly after the request that queued it); 30 s at most.
 */
export async function waitForMailboxEmail(page: Page, to: string, subject: RegExp): Promise<{ subject: string; links: string[] }> {
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

/** A fresh address for one test. */
export function uniqueEmail(prefix: string): string {
  return `e2e-${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`
}

/**
 * Registers `email` with the French forms and opens its verification link: the page ends signed
 * in on /dashboard/general. Returns the password used.
 */
export async function signUpVerified(page: Page, email: string, name = 'Camille', surname = 'Martin'): Promise<string> {
  const password = 'tomate-cerise-42'
  await page.goto('/auth/register?lng=fr')
  await page.getByLabel(fr.auth.fields.name, { exact: true }).fill(name)
  await page.getByLabel(fr.auth.fields.surname, { exact: true }).fill(surname)
  await page.getByLabel(fr.auth.fields.email, { exact: true }).fill(email)
  await page.getByLabel(fr.auth.fields.password, { exact: true }).fill(password)
  await page.getByLabel(fr.auth.fields.passwordConfirmation, { exact: true }).fill(password)
  await page.getByRole('button', { name: fr.auth.register.submit }).click()
  await page.waitForURL('**/auth/login')
  const mail = await waitForMailboxEmail(page, email, /Confirmez votre adresse/)
  const verify = mail.links.find((l) => l.includes('/auth/verify/'))
  if (!verify) throw new Error(`no verification link in the email to ${email}`)
  await page.goto(verify)
  await page.waitForURL('**/dashboard/general')
  return password
}
