/**
 * The installable app, in French and in English, on a server whose calendar says
 * 10 December (APP_TODAY): the install conditions (manifest, icons, a service worker that
 * controls the page, Chromium's own installability check), a December meal prep that gets its
 * winter vegetables first, kitchen mode stepped through with the keyboard and read by the live
 * region, then the recipe and the shopping list reloaded with the network cut, a tick made
 * offline and found on the server after reconnecting. Pages are checked with axe-core and at
 * 320 and 1280 px.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { en } from '../src/locales/en'
import { fr } from '../src/locales/fr'
import { OFFLINE_TEXTS } from '../src/pwa/sw-rules'
import { launchBrowser, openPage } from './browser'
import { checkPage, expectAccessible, expectFitsAllWidths } from './support/a11y'
import { startGamelle, type Gamelle } from './support/server'
import { signUpVerified, uniqueEmail } from './support/session'

let browser: Browser
let server: Gamelle

beforeAll(async () => {
  server = await startGamelle({
    bin: inject('gamelleBin'),
    adminUrl: inject('adminDatabaseUrl'),
    template: inject('templateDatabase'),
    logName: 'pwa-server.log',
    env: { APP_TODAY: '2026-12-10' },
  })
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

// CIQUAL codes: chicken, rice, two summer vegetables, three winter ones, olive oil.
const chicken = 36017
const rice = 9100
const courgette = 20020
const tomato = 20385
const leek = 20039
const carrot = 20009
const cabbage = 20069
const oil = 17270

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
  expect([0, 200, 302, 303]).toContain(status) // a redirect back to the page (opaque when manual)
}

/** Whether the server has this food ticked on the list, read past the service worker. */
async function tickedOnServer(context: BrowserContext, baseURL: string, path: string, code: number): Promise<boolean> {
  const html = await (await context.request.get(new URL(path, baseURL).toString())).text()
  const json = html.match(/<script[^>]* data-page="[^"]*"[^>]*>(.*?)<\/script>/s)?.[1] ?? ''
  const page = JSON.parse(json) as { props: { list: { aisles: { items: { foodCode: number; checked: boolean }[] }[] } } }
  return page.props.list.aisles.some((a) => a.items.some((i) => i.foodCode === code && i.checked))
}

/** Whether the service worker controls the page; false (not a hang) while it is not ready yet. */
async function controlled(page: Page): Promise<boolean> {
  return page.evaluate(() =>
    Promise.race([
      navigator.serviceWorker.ready.then(() => navigator.serviceWorker.controller !== null),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 2_000)),
    ]),
  )
}

/** Waits until the worker controls the page: installing precaches the whole build (slow on a
 * loaded machine), and a page loaded before it took control is reloaded on each try. */
async function untilControlled(page: Page): Promise<void> {
  await expect
    .poll(
      async () => {
        if (await controlled(page)) return true
        await page.reload()
        return false
      },
      { timeout: 120_000, interval: 1_000 },
    )
    .toBe(true)
}

describe.each([
  ['fr', fr, 'fr-FR'],
  ['en', en, 'en-GB'],
] as const)('the installable app in %s', (lng, m, browserLocale) => {
  it('installs, prefers winter vegetables in December, cooks with the keyboard and works offline', { timeout: 240_000 }, async () => {
    const { context, page, errors } = await openPage(browser, server.baseURL, { locale: browserLocale, serviceWorkers: true })
    await signUpVerified(page, uniqueEmail(`pwa-${lng}`))
    if (lng === 'en') {
      await page.goto('/dashboard/language')
      await page.getByLabel(fr.profile.language.en).check()
      await page.getByRole('button', { name: fr.profile.language.save }).click()
      await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(en.profile.language.title)
    }

    // Install conditions: the manifest in the person's language, its icons, a service worker
    // that controls the page, and nothing Chromium's own installability check objects to.
    await page.goto('/dashboard/general')
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href')
    expect(manifestHref).toBe(`/manifest.${lng}.webmanifest`)
    const manifest = await (await context.request.get(new URL(manifestHref!, server.baseURL).toString())).json()
    expect(manifest).toMatchObject({ name: 'Gamelle', lang: lng, display: 'standalone', start_url: expect.stringMatching(/^\//) })
    const sizes = (manifest.icons as { sizes: string; purpose: string }[]).map((i) => `${i.sizes} ${i.purpose}`)
    expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']))
    expect(await page.locator('link[rel="apple-touch-icon"]').count()).toBe(1)
    await untilControlled(page)
    await page.reload()
    await untilControlled(page)
    const cdp = await context.newCDPSession(page)
    const app = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] }
    expect(app.url).toContain(`/manifest.${lng}.webmanifest`)
    expect(app.errors).toEqual([])
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] }
    // A Playwright context is an incognito profile, where Chromium never offers to install.
    expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([])

    // The "install the app" page: steps per platform, the waitlist kept for native apps.
    await page.goto('/waitlist')
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(m.waitlist.heading)
    for (const p of ['android', 'ios', 'desktop']) await page.getByTestId(`install-${p}`).waitFor()
    await page.getByRole('heading', { name: m.waitlist.nativeTitle }).waitFor()
    await checkPage(page, '/waitlist', `pwa-install-${lng}`)

    // A December meal prep: without a vegetable it is offered winter ones, never a courgette.
    await page.goto('/dashboard/general')
    await page.getByLabel(m.mealprep.list.nameLabel, { exact: true }).fill(lng === 'fr' ? 'Décembre' : 'December')
    await page.getByRole('button', { name: m.mealprep.list.create, exact: true }).click()
    await page.waitForURL('**/mealprep/*/food')
    const id = new URL(page.url()).pathname.split('/')[2]!
    await addFood(page, id, chicken)
    await page.reload()
    const offered = page.getByTestId('seasonal-vegetables')
    await offered.waitFor()
    const names = await offered.getByTestId('seasonal-add').allInnerTexts()
    expect(names.join(' ')).toMatch(lng === 'fr' ? /Carotte/ : /Carrot/)
    expect(names.join(' ')).not.toMatch(/Courgette|Tomat/)
    await expectAccessible(page)
    for (const code of [rice, courgette, tomato, leek, carrot, cabbage, oil]) await addFood(page, id, code)
    await page.reload()
    await expect.poll(() => page.getByTestId('food-row').count()).toBe(8)
    expect(await page.getByTestId('seasonal-vegetables').count()).toBe(0)
    expect(await page.locator(`[data-testid="food-row"][data-code="${leek}"] [data-testid="in-season"]`).count()).toBe(1)
    expect(await page.locator(`[data-testid="food-row"][data-code="${courgette}"] [data-testid="in-season"]`).count()).toBe(0)

    // Two lunches: both take winter vegetables.
    await page.goto(`/mealprep/${id}/recipes`)
    await page.getByLabel(m.mealprep.recipes.categoryLabel, { exact: true }).selectOption('lunch_dinner')
    await page.getByLabel(m.mealprep.recipes.countLabel, { exact: true }).fill('2')
    await page.getByTestId('generate-submit').click()
    await expect.poll(() => page.getByTestId('recipe-card').count(), { timeout: 60_000 }).toBe(2)
    const recipeLinks = await page.getByTestId('recipe-card').getByRole('link').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).pathname))
    for (const path of recipeLinks) {
      await page.goto(path)
      const ingredients = await page.getByTestId('recipe-ingredients').innerText()
      expect(ingredients).not.toMatch(/Courgette|Tomat/)
      expect(ingredients).toMatch(lng === 'fr' ? /Poireau|Carotte|Chou/ : /leek|carrot|cabbage/i)
    }
    const recipe = recipeLinks[0]!
    await page.goto(recipe)
    // The page renders once its component and messages are in, after the load event: wait for
    // the list before counting its marks (a count does not wait; CI counted 0 on a slow render).
    await page.getByTestId('recipe-ingredients').waitFor()
    expect(await page.getByTestId('recipe-ingredients').getByTestId('in-season').count()).toBeGreaterThan(0)

    // Kitchen mode with the keyboard; the live region reads each step.
    const opener = page.getByTestId('kitchen-open')
    await opener.focus()
    await page.keyboard.press('Enter')
    const kitchen = page.getByRole('dialog')
    await kitchen.waitFor()
    expect(await page.getByTestId('kitchen-position').innerText()).toBe(m.mealprep.kitchen.ingredientsTitle)
    await expectAccessible(page)
    const total = (await page.evaluate(() => document.querySelectorAll('[data-testid="recipe-ingredients"]').length)) > 0
    expect(total).toBe(true)
    await page.keyboard.press('ArrowRight')
    const stepOne = m.mealprep.kitchen.stepOf.replace('{{step}}', '1')
    expect(await page.getByTestId('kitchen-position').innerText()).toMatch(new RegExp(`^${stepOne.replace('{{total}}', '\\d+')}$`))
    const live = await page.getByTestId('kitchen-live').textContent()
    expect(live).toContain(await page.getByTestId('kitchen-step').textContent())
    await page.keyboard.press('ArrowRight')
    expect(await page.getByTestId('kitchen-position').innerText()).toContain('2')
    await page.keyboard.press('ArrowLeft')
    expect(await page.getByTestId('kitchen-position').innerText()).toMatch(new RegExp(`^${stepOne.replace('{{total}}', '\\d+')}$`))
    await page.setViewportSize({ width: 320, height: 700 })
    await expectAccessible(page)
    await page.screenshot({ path: `test-output/pwa-kitchen-${lng}-320.png` })
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.keyboard.press('Escape')
    expect(await page.getByRole('dialog').count()).toBe(0)
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('kitchen-open')
    await expectFitsAllWidths(page, recipe, { screenshot: `pwa-recipe-${lng}`, widths: [320, 1280], ready: (p) => p.getByTestId('recipe-title').waitFor() })

    // The shopping list, online: tick one item.
    const list = `/mealprep/${id}/shopping-list?days=3`
    await page.goto(list)
    await page.getByTestId('shopping-total').waitFor()
    const boxes = page.locator('[data-testid^="tick-"]')
    expect(await boxes.count()).toBeGreaterThan(2)
    await boxes.nth(0).check()
    await expect.poll(() => page.getByTestId('ticks-status').innerText()).toBe(m.shopping.ticksHint)
    await checkPage(page, list, `pwa-shopping-${lng}`, { ready: (p) => p.getByTestId('shopping-total').waitFor() })
    await page.goto(recipe) // the recipe page, saved again after the checks' visits
    await page.getByTestId('recipe-title').waitFor()
    await page.goto(list)
    await page.getByTestId('shopping-total').waitFor()

    // The network is cut: the recipe and the list reload from the device.
    await context.setOffline(true)
    const again = await page.reload()
    expect(again?.fromServiceWorker()).toBe(true)
    await page.getByTestId('shopping-total').waitFor()
    const goneRecipe = await page.goto(recipe)
    expect(goneRecipe?.fromServiceWorker()).toBe(true)
    await page.getByTestId('recipe-title').waitFor()
    // A page that was never opened says it needs the server, in the person's language.
    await page.goto('/account')
    await page.getByRole('heading', { name: OFFLINE_TEXTS[lng].heading }).waitFor()

    // Ticks made offline wait on the device...
    await page.goto(list)
    await page.getByTestId('shopping-total').waitFor()
    const code = Number((await boxes.nth(1).getAttribute('data-testid'))!.slice('tick-'.length))
    await boxes.nth(1).check()
    await expect.poll(() => page.getByTestId('ticks-status').innerText()).toBe(m.shopping.ticksWaiting_one.replace('{{count}}', '1'))
    expect(await tickedOnServer(context, server.baseURL, list, code).catch(() => false)).toBe(false)

    // ...and reach the server once the network is back.
    await context.setOffline(false)
    await expect.poll(() => page.getByTestId('ticks-status').innerText(), { timeout: 20_000 }).toBe(m.shopping.ticksHint)
    expect(await tickedOnServer(context, server.baseURL, list, code)).toBe(true)
    await page.reload()
    expect(await boxes.nth(1).isChecked()).toBe(true)

    expect(errors.filter((e) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED|net::ERR/.test(e))).toEqual([])
    await context.close()
  })
})
