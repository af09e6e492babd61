/**
 * The food page's list as a person on a phone sees it, in French at 320, 390
 * and 1280 px: food names wrap between words, never inside one; and with the offline notice
 * shown, scrolling to the end shows the list's last rows and its next-step link above the
 * notice, not under it. Screenshots go to test-output/food-layout-*.png.
 */
import { mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { fr } from '../src/locales/fr'
import { launchBrowser, openPage } from './browser'
import { outputDir, startGamelle, type Gamelle } from './support/server'
import { signUpVerified, uniqueEmail } from './support/session'

let browser: Browser
let server: Gamelle

beforeAll(async () => {
  server = await startGamelle({ bin: inject('gamelleBin'), adminUrl: inject('adminDatabaseUrl'), template: inject('templateDatabase'), logName: 'food-layout-server.log' })
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

// CIQUAL foods with long names and long words: « Poêlée de pommes de terre à la sarladaise… »,
// « Printanière ou jardinière de légumes… », « Purée de pommes, type "compote sans sucres
// ajoutés"… », chicken, rice, a long cheese name.
const codes = [4051, 20267, 13187, 36017, 9100, 12051, 20093, 11043]

/** Adds a food the way the food page's form does (JSON, CSRF header), from inside the page. */
async function addFood(page: Page, mealPrep: string, code: number) {
  const status = await page.evaluate(
    async ({ mealPrep, code }) => {
      const token = decodeURIComponent(document.cookie.match(/(?:^|; )XSRF-TOKEN=([^;]*)/)?.[1] ?? '')
      const r = await fetch(`/mealprep/${mealPrep}/food`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': token, Accept: 'text/html' },
        body: JSON.stringify({ foodCode: code, grams: 0 }),
        redirect: 'manual',
      })
      return r.status
    },
    { mealPrep, code },
  )
  expect([0, 200, 302, 303]).toContain(status)
}

/** The words of food names that the layout splits over two lines. */
async function wordsBrokenMidWord(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const broken: string[] = []
    for (const name of document.querySelectorAll<HTMLElement>('[data-testid=food-row-name]')) {
      const walker = document.createTreeWalker(name, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? ''
        // A word, or the part of a compound up to its hyphen (a line may end after a hyphen).
        for (const m of text.matchAll(/[^\s-]+-?/g)) {
          const range = document.createRange()
          range.setStart(node, m.index)
          range.setEnd(node, m.index + m[0].length)
          const rows = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)))
          if (rows.size > 1) broken.push(m[0])
        }
      }
    }
    return broken
  })
}

describe('the food page on a phone, in French', () => {
  it('wraps food names between words and keeps the end of the list above the offline notice', { timeout: 180_000 }, async () => {
    const { page, errors } = await openPage(browser, server.baseURL, { locale: 'fr-FR' })
    await signUpVerified(page, uniqueEmail('food-layout'))
    await page.getByLabel(fr.mealprep.list.nameLabel, { exact: true }).fill('Semaine')
    await page.getByRole('button', { name: fr.mealprep.list.create, exact: true }).click()
    await page.waitForURL('**/mealprep/*/food')
    const path = new URL(page.url()).pathname
    const id = path.split('/')[2]!
    for (const code of codes) await addFood(page, id, code)

    mkdirSync(outputDir, { recursive: true })
    const problems: string[] = []
    for (const width of [320, 390, 1280]) {
      await page.setViewportSize({ width, height: 700 })
      await page.goto(path)
      await expect.poll(() => page.getByTestId('food-row').count()).toBe(codes.length)
      await page.evaluate(() => document.fonts.ready)
      for (const w of await wordsBrokenMidWord(page)) problems.push(`${width}px: « ${w} » is broken over two lines`)
      await page.screenshot({ path: resolve(outputDir, `food-layout-${width}.png`), fullPage: true })

      // The network goes: the notice appears at the bottom of the window. Scrolled to the end,
      // the list's next-step link (below its last row) is still in view above the notice.
      await page.evaluate(() => window.dispatchEvent(new Event('offline')))
      const notice = page.getByTestId('offline-notice').locator('p')
      await notice.waitFor()
      await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }))
      const noticeTop = (await notice.boundingBox())!.y
      const last = (await page.getByTestId('to-recipes').boundingBox())!
      if (last.y + last.height > noticeTop) problems.push(`${width}px: the notice (top ${Math.round(noticeTop)}) covers the end of the list (bottom ${Math.round(last.y + last.height)})`)
      await page.screenshot({ path: resolve(outputDir, `food-layout-offline-${width}.png`) })
      await page.evaluate(() => window.dispatchEvent(new Event('online')))
    }
    expect(problems).toEqual([])
    expect(errors).toEqual([])
  })
})
