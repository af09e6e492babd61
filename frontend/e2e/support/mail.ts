/**
 * Reading the emails e2efakes received over SMTP, and checking them against the server's own
 * message catalogue (internal/i18n/locales/<area>.<lang>.json, keys email.*), so a test knows
 * the email came in the right language without restating the wording.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import type { FakesInfo } from './server'
import { repoDir } from './server'

/** A message as e2efakes decoded it (see Message in e2efakes/main.go). */
export interface ReceivedMail {
  receivedAt: string
  envelopeFrom: string
  envelopeTo: string[]
  authUser: string
  from: string
  to: string[] | null
  subject: string
  contentType: string
  text: string
  html: string
  parts: { contentType: string; charset: string; transferEncoding: string }[] | null
  size: number
  error?: string
}

export async function mailTo(fakes: FakesInfo, to: string): Promise<ReceivedMail[]> {
  const res = await fetch(`${fakes.control}/mail?to=${encodeURIComponent(to)}`, { signal: AbortSignal.timeout(5000) })
  if (!res.ok) throw new Error(`e2efakes /mail: ${res.status}`)
  return (await res.json()) as ReceivedMail[]
}

/**
 * Waits (30 s at most) until `count` emails to `to` have arrived — the River worker sends them
 * shortly after the request that queued them — and returns the last one. Fails on a message
 * e2efakes could not parse.
 */
export async function waitForMail(fakes: FakesInfo, to: string, count = 1): Promise<ReceivedMail> {
  const deadline = Date.now() + 30_000
  for (;;) {
    const mails = await mailTo(fakes, to)
    for (const m of mails) expect(m.error ?? '', `e2efakes could not parse "${m.subject}"`).toBe('')
    if (mails.length >= count) return mails[count - 1]!
    if (Date.now() > deadline) throw new Error(`${mails.length} email(s) to ${to} after 30 s, want ${count}`)
    await new Promise((r) => setTimeout(r, 250))
  }
}

export type Lang = 'fr' | 'en'

const catalogues = new Map<Lang, Record<string, string>>()

/** The server's translation of `key` in `lang`, with {{.Brand}} and the given values filled. */
export function serverText(lang: Lang, key: string, values: Record<string, string> = {}): string {
  let cat = catalogues.get(lang)
  if (!cat) {
    const dir = resolve(repoDir, 'internal/i18n/locales')
    cat = {}
    for (const file of readdirSync(dir).filter((f) => f.endsWith(`.${lang}.json`))) {
      Object.assign(cat, JSON.parse(readFileSync(resolve(dir, file), 'utf8')) as Record<string, string>)
    }
    catalogues.set(lang, cat)
  }
  const raw = cat[key]
  if (raw === undefined) throw new Error(`no ${key} in internal/i18n/locales/*.${lang}.json`)
  return raw.replace(/\{\{\s*\.(\w+)\s*\}\}/g, (_, name: string) => (name === 'Brand' ? 'Gamelle' : (values[name] ?? `{{.${name}}}`)))
}

/**
 * Checks an email of kind `kind` (verify, otp, reset…) is a well-formed two-part message in
 * `lang`, sent after SMTP AUTH to the right address: subject, greeting, intro and footer of the
 * plain-text part from that language's catalogue, both parts UTF-8. `openEmail` checks the HTML.
 */
export function expectEmail(mail: ReceivedMail, opts: { kind: string; lang: Lang; to: string; name?: string; code?: string }) {
  const { kind, lang } = opts
  const values = { Code: opts.code ?? '', Name: opts.name ?? '' }
  expect(mail.envelopeTo).toEqual([opts.to])
  expect(mail.to).toEqual([opts.to])
  expect(mail.authUser).not.toBe('')
  expect(mail.subject).toBe(serverText(lang, `email.${kind}.subject`, values))
  expect(mail.contentType).toMatch(/^multipart\/alternative;/)
  expect((mail.parts ?? []).map((p) => `${p.contentType}; ${p.charset}`)).toEqual(['text/plain; utf-8', 'text/html; utf-8'])
  expect(mail.text.startsWith(`${serverText(lang, opts.name ? 'email.greeting_named' : 'email.greeting', values)}\n`)).toBe(true)
  expect(mail.text).toContain(serverText(lang, `email.${kind}.intro`))
  expect(mail.text).toContain(serverText(lang, `email.${kind}.outro`))
  expect(mail.text).toContain(serverText(lang, 'email.footer'))
}

/**
 * Shows the email's HTML in `page`, as a mail client would, checks it reads in `lang` (declared
 * language, intro and footer), and returns the target of its action button (the link named
 * with the catalogue's `email.<kind>.action`). The plain-text part must carry the very same
 * link. The page is left on the email, ready for `clickEmailAction`.
 */
export async function openEmail(page: Page, mail: ReceivedMail, kind: string, lang: Lang): Promise<string> {
  await page.setContent(mail.html, { waitUntil: 'domcontentloaded' })
  expect(await page.locator('html').getAttribute('lang')).toBe(lang)
  const shown = await page.locator('body').innerText()
  expect(shown).toContain(serverText(lang, `email.${kind}.intro`))
  expect(shown).toContain(serverText(lang, 'email.footer'))
  const action = serverText(lang, `email.${kind}.action`)
  const href = await page.getByRole('link', { name: action, exact: true }).getAttribute('href')
  expect(href).toBeTruthy()
  // French puts a narrow no-break space before the colon (docs/client-contract.md typography).
  expect(mail.text).toContain(`${action}${lang === 'fr' ? '\u202f' : ''}: ${href}\n`)
  return href!
}

/** Clicks the action button of the email shown by `openEmail`. */
export async function clickEmailAction(page: Page, kind: string, lang: Lang) {
  await page.getByRole('link', { name: serverText(lang, `email.${kind}.action`), exact: true }).click()
}
