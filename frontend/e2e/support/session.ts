/**
 * Getting a signed-in browser page on the shared server (APP_ENV=test, emails in the dev
 * mailbox): `signUpVerified` registers a new person with the real registration request and opens
 * the verification link, which signs them in on the dashboard with their 2 tokens.
 */
import type { APIRequestContext, Page } from 'playwright-core'
import { gotoRendered } from '../browser'

/**
 * Opens the development mailbox until an email for `to` whose subject matches arrives (the River
 * worker sends it shortly after the request that queued it); 30 s at most.
 */
export async function waitForMailboxEmail(page: Page, to: string, subject: RegExp | string): Promise<{ subject: string; links: string[] }> {
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    await gotoRendered(page, `/dev/mailbox?to=${encodeURIComponent(to)}`)
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

/** What the development mailbox page lists (its Inertia props, read from the page's HTML). */
async function mailboxEmails(api: APIRequestContext, to: string): Promise<{ subject: string; links: string[] }[]> {
  const res = await api.get(`/dev/mailbox?to=${encodeURIComponent(to)}`)
  if (!res.ok()) throw new Error(`GET /dev/mailbox answered ${res.status()}`)
  const html = await res.text()
  const json = /<script[^>]*data-page="app"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1]
  if (!json) throw new Error('no page data in /dev/mailbox')
  return (JSON.parse(json) as { props: { emails: { subject: string; links: string[] }[] } }).props.emails
}

/**
 * Registers `email` in French and opens its verification link: the page ends signed in on
 * /dashboard/general. Returns the password used. The registration is the request the French form
 * sends (its fields and anti-forgery token, through the page's own cookie jar) and the mailbox is
 * read over HTTP, without loading those pages in the browser: ~1 s instead of ~2.5 s a sign-up,
 * for tests about something else (docs/performance.md, "make test"). The forms themselves are
 * driven in auth.e2e and email-smtp.e2e.
 */
export async function signUpVerified(page: Page, email: string, name = 'Camille', surname = 'Martin'): Promise<string> {
  const password = 'tomate-cerise-42'
  const context = page.context()
  const api = context.request
  const form = await api.get('/auth/register?lng=fr')
  if (!form.ok()) throw new Error(`GET /auth/register answered ${form.status()}`)
  const base = new URL(form.url())
  // What the page's language detector leaves in the browser after opening ?lng=fr.
  await context.addCookies([{ name: 'i18next', value: 'fr', url: base.origin }])
  const xsrf = (await context.cookies(base.origin)).find((c) => c.name === 'XSRF-TOKEN' || c.name === '__Host-XSRF-TOKEN')
  if (!xsrf) throw new Error('no anti-forgery cookie from /auth/register')
  const res = await api.post('/auth/register', {
    data: { name, surname, email, password, password_confirmation: password },
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf.value), 'X-Requested-With': 'XMLHttpRequest', Referer: form.url() },
    maxRedirects: 0,
  })
  const location = res.headers()['location'] ?? ''
  if (res.status() !== 303 || new URL(location, base).pathname !== '/auth/login') {
    throw new Error(`POST /auth/register answered ${res.status()} to ${location || 'nowhere'}: ${await res.text()}`)
  }
  const deadline = Date.now() + 30_000
  let verify: string | undefined
  while (!verify) {
    const mail = (await mailboxEmails(api, email)).find((m) => /Confirmez votre adresse/.test(m.subject))
    verify = mail?.links.find((l) => l.includes('/auth/verify/'))
    if (verify) break
    if (Date.now() > deadline) throw new Error(`no verification email to ${email}`)
    await new Promise((r) => setTimeout(r, 300))
  }
  await page.goto(verify)
  await page.waitForURL('**/dashboard/general')
  return password
}
