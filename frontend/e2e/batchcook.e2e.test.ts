/**
 * Batch cooking in the browser, in French and in English: a couple with different
 * goals (the person, and Sam added to the household) prepares a 5-day meal prep, opens and prints
 * the cooking plan and the plating cards, keeps two recipes and regenerates the rest (one token
 * charged; a second tab asking for the same recipes is refused with a message, nothing charged), swaps chicken for turkey (free, within tolerance). Each new page passes axe at
 * 1280 and 320 px and fits every width; the printed plan is written to test-output to be read.
 */
import { writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { en } from '../src/locales/en'
import { fr } from '../src/locales/fr'
import type { LocaleMessages } from '../src/locales/types'
import { gotoRendered, launchBrowser, openPage } from './browser'
import { checkPage, expectAccessible } from './support/a11y'
import { outputDir, startGamelle, type Gamelle } from './support/server'
import { signUpVerified, uniqueEmail } from './support/session'

let browser: Browser
let server: Gamelle
const admins = { fr: uniqueEmail('batch-admin-fr'), en: uniqueEmail('batch-admin-en') }

beforeAll(async () => {
  server = await startGamelle({
    bin: inject('gamelleBin'),
    adminUrl: inject('adminDatabaseUrl'),
    template: inject('templateDatabase'),
    logName: 'batchcook-server.log',
    env: { ADMIN_EMAILS: `${admins.fr},${admins.en}` },
  })
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

async function balance(page: Page): Promise<number> {
  await page.goto('/dashboard/general')
  return Number(await page.getByTestId('dashboard-balance').getAttribute('data-balance'))
}

async function addFood(page: Page, m: LocaleMessages, query: string) {
  const box = page.getByRole('combobox', { name: m.mealprep.food.searchLabel })
  await box.fill(query)
  await page.getByRole('option').first().waitFor()
  // The first result is the food meant (the search ranks it so): Enter takes it.
  await box.press('ArrowDown')
  await box.press('ArrowUp')
  await box.press('Enter')
  await page.getByTestId('food-picked').waitFor()
  const before = await page.getByTestId('food-row').count()
  await page.getByRole('button', { name: m.mealprep.food.add, exact: true }).click()
  await expect.poll(() => page.getByTestId('food-row').count(), { timeout: 15_000 }).toBe(before + 1)
}

describe.each([
  ['fr', fr, ['poulet', 'riz blanc', 'brocoli', 'courgette', 'carotte', 'huile d’olive'], 'dinde escalope', 'Poulet', 'Dinde'],
  ['en', en, ['chicken breast', 'white rice', 'broccoli', 'courgette', 'carrot', 'olive oil'], 'turkey escalope', 'Chicken', 'Turkey'],
] as const)('batch cooking in %s', (lng, m, foods, turkeyQuery, chickenName, turkeyName) => {
  it('plans a 5-day meal prep for a couple, prints it, keeps two recipes, regenerates the rest and swaps chicken for turkey', async () => {
    const { page, errors } = await openPage(browser, server.baseURL, { locale: lng === 'fr' ? 'fr-FR' : 'en-GB' })
    const email = uniqueEmail(`batch-${lng}`)
    await signUpVerified(page, email)
    if (lng === 'en') {
      await page.goto('/dashboard/language')
      await page.getByLabel(fr.profile.language.en).check()
      await page.getByRole('button', { name: fr.profile.language.save }).click()
      await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(en.profile.language.title)
    }

    // An admin grants 10 tokens.
    const admin = await openPage(browser, server.baseURL, { locale: 'fr-FR' })
    await signUpVerified(admin.page, admins[lng], 'Alex', 'Admin')
    await admin.page.goto('/dashboard/admin/users')
    await admin.page.getByLabel(fr.admin.users.search).fill(email)
    await admin.page.keyboard.press('Enter')
    // The results replace the list: a click before they arrive can land where the link was.
    await admin.page.waitForURL((u) => u.searchParams.get('q') === email)
    await admin.page.getByRole('link', { name: email }).click()
    await admin.page.waitForURL('**/dashboard/admin/users/*')
    await admin.page.getByLabel(fr.admin.user.amount).fill('10')
    await admin.page.getByLabel(fr.admin.user.reasonField).fill('Batch cooking')
    await admin.page.getByRole('button', { name: fr.admin.user.adjust }).click()
    await expect.poll(() => admin.page.getByTestId('admin-user-balance').innerText()).toBe('12')
    await admin.context.close()

    // Sam, with goals of their own, joins the household.
    await page.goto('/household')
    const add = page.getByTestId('add-form')
    await add.getByLabel(m.household.name).fill('Sam')
    await add.getByLabel(m.household.kcal).fill('1700')
    await add.getByLabel(m.household.proteinG).fill('128')
    await add.getByLabel(m.household.fatG).fill('57')
    await add.getByLabel(m.household.carbsG).fill('170')
    // Waits for the POST's answer: leaving the page before it cancels the request (a 500
    // "context canceled" on a loaded machine, and no member).
    await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/household'),
      add.getByRole('button', { name: m.household.add }).click(),
    ])
    // The page reads the household's read model; under load it may lag the redirect.
    await expect
      .poll(
        async () => {
          await gotoRendered(page, '/household')
          return page.getByTestId('member').count()
        },
        { timeout: 15_000 },
      )
      .toBe(1)
    await expectAccessible(page)

    // A meal prep with three lunch/dinner recipes.
    await page.goto('/dashboard/general')
    await page.getByLabel(m.mealprep.list.nameLabel, { exact: true }).fill(lng === 'fr' ? 'Semaine à deux' : 'Week for two')
    await page.getByRole('button', { name: m.mealprep.list.create, exact: true }).click()
    await page.waitForURL('**/mealprep/*/food')
    for (const f of foods) await addFood(page, m, f)
    await page.getByTestId('to-recipes').click()
    await page.waitForURL('**/mealprep/*/recipes')
    const recipesURL = new URL(page.url()).pathname
    await page.getByLabel(m.mealprep.recipes.categoryLabel, { exact: true }).selectOption('lunch_dinner')
    await page.getByLabel(m.mealprep.recipes.countLabel, { exact: true }).fill('3')
    await page.getByTestId('generate-submit').click()
    await expect.poll(() => page.getByTestId('recipe-card').count(), { timeout: 30_000 }).toBe(3)
    expect(await balance(page)).toBe(9)

    // The week's list for two: the chicken of all three recipes is most of its price, and its
    // line says so in words its checkbox is described by (docs/nutrition.md, Shopping list).
    const shoppingURL = `${recipesURL.replace(/\/recipes$/, '')}/shopping-list?days=7`
    await checkPage(page, shoppingURL, `shopping-takes-over-${lng}`, { ready: (p) => p.getByTestId('takes-over').first().waitFor() })
    const flagged = page.locator('tr[data-takes-over="budget"]')
    expect(await flagged.count()).toBe(1)
    expect(await page.getByTestId('takes-over').count()).toBe(1)
    expect(await flagged.getByRole('rowheader').innerText()).toContain(chickenName)
    const note = await page.getByTestId('takes-over').innerText()
    expect(note).toMatch(lng === 'fr' ? /^⚠ \d+\u202f% du prix de la liste\u202f: cet aliment pèse sur le budget de la semaine/ : /^⚠ \d+% of the list’s price: this food weighs on the week’s budget/)
    expect(await flagged.getByRole('checkbox').getAttribute('aria-describedby')).toBe(await page.getByTestId('takes-over').getAttribute('id'))
    await page.setViewportSize({ width: 320, height: 800 })
    await flagged.scrollIntoViewIfNeeded()
    await page.screenshot({ path: resolve(outputDir, `shopping-takes-over-line-${lng}-320.png`) })
    await page.setViewportSize({ width: 1280, height: 900 })

    // The cooking plan for 5 days, one session: boxes for two, plating cards, print.
    await page.goto(recipesURL)
    await page.getByTestId('cook-plan-link').click()
    await page.waitForURL('**/plan/cook')
    await page.getByLabel(m.batchcook.daysLabel).fill('5')
    await page.getByLabel(m.batchcook.sessions_one).check()
    await page.getByRole('button', { name: m.batchcook.show }).click()
    await page.waitForURL('**/plan/cook?days=5&sessions=1')
    await page.getByTestId('cook-session').first().waitFor()
    expect(await page.getByTestId('box-label').count()).toBe(20)
    expect(await page.locator('[data-testid="box-label"][data-freezer="true"]').count()).toBeGreaterThan(0)
    expect(await page.getByTestId('plating-card').count()).toBe(3)
    expect(await page.getByTestId('plate-check').count()).toBe(6)
    const cookURL = new URL(page.url())
    await checkPage(page, cookURL.pathname + cookURL.search, `batchcook-plan-${lng}`, { ready: (p) => p.getByTestId('cook-session').first().waitFor() })
    await page.emulateMedia({ media: 'print' })
    await page.goto(cookURL.pathname + cookURL.search)
    await page.getByTestId('cook-session').first().waitFor()
    writeFileSync(resolve(outputDir, `batchcook-plan-${lng}.txt`), await page.locator('main').innerText())
    await page.pdf({ path: resolve(outputDir, `batchcook-plan-${lng}.pdf`), format: 'A4' })
    await page.emulateMedia({ media: 'screen' })
    await checkPage(page, '/household', `batchcook-household-${lng}`)

    // Bad days: the field's error in the person's language, no plan.
    await page.goto(cookURL.pathname + '?days=9')
    expect(await page.getByTestId('cook-error').innerText()).toBe(lng === 'fr' ? 'Choisissez entre 1 et 7 jours.' : 'Choose between 1 and 7 days.')
    expect(await page.getByTestId('cook-session').count()).toBe(0)

    // Keep two, regenerate the rest: one token.
    await page.goto(recipesURL)
    await page.getByTestId('recipe-card').nth(2).waitFor()
    const links = () => page.getByTestId('recipe-card').getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href')))
    const names = await links()
    // Each click waits for its POST's answer: on a loaded machine a keep takes over a second,
    // and leaving the page before the regenerate answers cancels it.
    const posted = (path: string) => page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith(path))
    for (const k of [0, 1]) {
      await Promise.all([posted('/recipes/keep'), page.getByTestId('keep-toggle').nth(k).click()])
      await expect.poll(() => page.getByTestId('keep-toggle').nth(k).getAttribute('aria-pressed'), { timeout: 10_000 }).toBe('true')
    }
    // A second tab (320 px) shows the same recipes. Once the first tab has asked to regenerate
    // them, the second tab's request names recipes already being replaced: refused with the
    // message, nothing charged (the balance below counts one token).
    const tab = await page.context().newPage()
    await tab.setViewportSize({ width: 320, height: 800 })
    await tab.goto(recipesURL)
    await tab.getByTestId('regenerate-rest').waitFor()
    await Promise.all([posted('/recipes/regenerate'), page.getByTestId('regenerate-rest').click()])
    await Promise.all([
      tab.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith('/recipes/regenerate')),
      tab.getByTestId('regenerate-rest').click(),
    ])
    const refusal = tab.getByText(
      lng === 'fr'
        ? 'Un autre onglet ou appareil régénère déjà ces recettes, ou l’a déjà fait\u202f: rien n’a été débité. Rechargez la page pour voir les recettes telles qu’elles sont.'
        : 'Another tab or device is already making these recipes again, or has done so: nothing was charged. Reload the page to see the recipes as they are now.',
    )
    await refusal.waitFor({ timeout: 15_000 })
    await refusal.scrollIntoViewIfNeeded()
    await tab.screenshot({ path: resolve(outputDir, `batchcook-regenerate-refused-${lng}-320.png`) })
    await tab.close()
    await expect
      .poll(
        async () => {
          await page.goto(recipesURL)
          await page.getByTestId('recipe-card').first().waitFor()
          return links()
        },
        { timeout: 30_000 },
      )
      .not.toEqual(names)
    expect(names).toHaveLength(3)
    const after = await links()
    expect(after).toHaveLength(3)
    expect(after).toContain(names[0])
    expect(after).toContain(names[1])
    expect(await balance(page)).toBe(8)
    await checkPage(page, recipesURL, `batchcook-recipes-${lng}`)

    // Swap chicken for turkey on a recipe that has chicken: free, re-solved within tolerance.
    // A recipe cooked with oil: without a fat, lean turkey cannot replace a fattier chicken cut
    // within tolerance (the engine would refuse and say so).
    const oil = lng === 'fr' ? 'huile' : 'oil'
    for (let i = 0; i < 3; i++) {
      await page.goto(recipesURL)
      await page.getByTestId('recipe-card').nth(i).getByRole('link').click()
      await page.waitForURL('**/recipe/*')
      if ((await page.getByTestId('recipe-ingredients').innerText()).toLowerCase().includes(oil)) break
    }
    const from = page.getByLabel(m.regenerate.swapFrom)
    const chickenOption = await from.locator('option', { hasText: chickenName }).first().getAttribute('value')
    expect(chickenOption).not.toBeNull()
    await from.selectOption(chickenOption ?? '')
    await page.getByLabel(m.regenerate.swapSearch).fill(turkeyQuery)
    await page.getByRole('button', { name: m.regenerate.swapFind }).click()
    await page.getByRole('radio').first().waitFor()
    // A turkey cut as lean as the chicken: both searches give a skinless breast first (the food
    // meant, docs/mealprep.md "Food search"), so the escalope — a fatty leg with its skin would
    // bring too much fat, a breaded one too little protein: each is rightly refused with the reason.
    const escalope = page.getByRole('radio', { name: lng === 'fr' ? /escalope crue/i : /escalope, raw/i }).first()
    if ((await escalope.count()) > 0) await escalope.check()
    await page.getByTestId('swap-submit').click()
    await expect
      .poll(async () => ((await page.getByTestId('swap-error').count()) > 0 ? await page.getByTestId('swap-error').innerText() : page.getByTestId('recipe-ingredients').innerText()), {
        timeout: 10_000,
      })
      .toContain(turkeyName)
    // A refused swap says why; none is expected here.
    expect((await page.getByTestId('swap-error').count()) > 0 ? await page.getByTestId('swap-error').innerText() : '').toBe('')
    expect(await page.getByTestId('recipe-ingredients').innerText()).not.toContain(chickenName)
    const recipeURL = new URL(page.url()).pathname
    await checkPage(page, recipeURL, `batchcook-recipe-${lng}`)
    expect(await balance(page)).toBe(8)
    expect(errors).toEqual([])
  }, 240_000)
})
