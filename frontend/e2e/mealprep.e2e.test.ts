/**
 * Meal prep in the browser, in French and in English: create a meal prep, search and add foods
 * through the combobox, generate 2 recipes, see the progress message, reload while the request
 * runs and still see it, open a recipe; the balance drops by 2 and the dashboard home lists both
 * recipes under recent recipes. The server runs with a short generation delay
 * (MEALPREP_TEST_GENERATION_DELAY, honoured only with APP_ENV=test) so the running request can be
 * seen. Each page is checked with axe-core.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { en } from '../src/locales/en'
import { fr } from '../src/locales/fr'
import type { LocaleMessages } from '../src/locales/types'
import { launchBrowser, openPage } from './browser'
import { checkPage, expectAccessible } from './support/a11y'
import { startGamelle, type Gamelle } from './support/server'
import { signUpVerified, uniqueEmail } from './support/session'

let browser: Browser
let server: Gamelle

beforeAll(async () => {
  server = await startGamelle({
    bin: inject('gamelleBin'),
    adminUrl: inject('adminDatabaseUrl'),
    template: inject('templateDatabase'),
    logName: 'mealprep-server.log',
    env: { MEALPREP_TEST_GENERATION_DELAY: '8s' },
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

async function addFood(page: Page, m: LocaleMessages, query: string, quantity: string) {
  const box = page.getByRole('combobox', { name: m.mealprep.food.searchLabel })
  await box.fill(query)
  await page.getByRole('option').first().waitFor()
  expect(await box.getAttribute('aria-expanded')).toBe('true')
  await box.press('ArrowDown')
  await box.press('ArrowUp')
  await box.press('Enter')
  await page.getByTestId('food-picked').waitFor()
  // The live region said how many foods matched.
  expect(await page.getByTestId('food-search-status').innerText()).not.toBe('')
  await page.getByLabel(m.mealprep.food.quantityLabel.replace('{{unit}}', 'g'), { exact: true }).fill(quantity)
  const before = await page.getByTestId('food-row').count()
  await page.getByRole('button', { name: m.mealprep.food.add, exact: true }).click()
  await expect.poll(() => page.getByTestId('food-row').count(), { timeout: 15_000 }).toBe(before + 1)
  // The search box is empty again, ready for the next food.
  expect(await page.getByRole('combobox', { name: m.mealprep.food.searchLabel }).inputValue()).toBe('')
}

describe.each([
  ['fr', fr, 'poulet', 'riz blanc', 'brocoli', 'courgette', 'huile d’olive'],
  ['en', en, 'chicken', 'white rice', 'broccoli', 'courgette', 'olive oil'],
] as const)('meal prep in %s', (lng, m, chicken, rice, broccoli, courgette, oil) => {
  it('creates a meal prep, adds foods, generates 2 recipes and opens one', async () => {
    const { context, page, errors } = await openPage(browser, server.baseURL, { locale: lng === 'fr' ? 'fr-FR' : 'en-GB' })
    await signUpVerified(page, uniqueEmail(`mealprep-${lng}`))
    if (lng === 'en') {
      // The sign-up stored French and pages follow the person's language: choose English.
      await page.goto('/dashboard/language')
      await page.getByLabel(fr.profile.language.en).check()
      await page.getByRole('button', { name: fr.profile.language.save }).click()
      await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(en.profile.language.title)
    }
    expect(await balance(page)).toBe(2)

    // Create from the dashboard: lands on the foods screen.
    await page.getByLabel(m.mealprep.list.nameLabel, { exact: true }).fill(lng === 'fr' ? 'Ma semaine' : 'My week')
    await page.getByRole('button', { name: m.mealprep.list.create, exact: true }).click()
    await page.waitForURL('**/mealprep/*/food')
    await page.getByTestId('mealprep-title').waitFor()
    await expectAccessible(page)

    // Search as you type (combobox, keyboard) and add five foods: a lunch is a protein, a starch,
    // a vegetable and at most one added fat (docs/nutrition.md); lean chicken needs the oil to
    // reach the fat target, and two vegetables make two distinct plates.
    await addFood(page, m, chicken, '600')
    await addFood(page, m, rice, '500')
    await addFood(page, m, broccoli, '500')
    await addFood(page, m, courgette, '500')
    await addFood(page, m, oil, '250')

    // Generate 2 lunch/dinner recipes.
    await page.getByTestId('to-recipes').click()
    await page.waitForURL('**/mealprep/*/recipes')
    await page.getByLabel(m.mealprep.recipes.categoryLabel, { exact: true }).selectOption('lunch_dinner')
    await page.getByLabel(m.mealprep.recipes.countLabel, { exact: true }).fill('2')
    await page.getByTestId('generate-submit').press('Enter')
    const message = page.getByTestId('generation-message')
    await message.waitFor()
    expect(await message.innerText()).toBe(m.mealprep.recipes.generating)
    // Focus follows the keyboard to the progress, not to the page's body.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('generation-status')

    // A reload during the generation still shows the running request.
    await page.reload()
    await page.getByTestId('generation-request').first().waitFor()
    expect(await page.getByTestId('generation-request').first().getAttribute('data-running')).toBe('true')
    await message.waitFor()
    await expectAccessible(page)

    // The page follows the request until both recipes are there.
    await expect.poll(() => page.getByTestId('recipe-card').count(), { timeout: 30_000 }).toBe(2)
    await expect.poll(() => page.getByTestId('generation-message').count(), { timeout: 15_000 }).toBe(0)

    // Open a recipe.
    await page.getByTestId('recipe-card').first().getByRole('link').click()
    await page.waitForURL('**/mealprep/*/recipe/*')
    await page.getByTestId('recipe-title').waitFor()
    expect(await page.getByTestId('recipe-ingredients').getByRole('listitem').count()).toBeGreaterThan(0)
    await page.getByTestId('macro-chart').waitFor()
    await expectAccessible(page)

    // Every meal-prep page: axe at 1280 and 320 px, no sideways scroll at any width.
    const recipeURL = new URL(page.url()).pathname
    const base = recipeURL.replace(/\/recipe\/[^/]+$/, '')
    if (lng === 'fr') {
      await checkPage(page, `${base}/food`, 'mealprep-food')
      await checkPage(page, `${base}/recipes`, 'mealprep-recipes')
      await checkPage(page, recipeURL, 'mealprep-recipe')
      await checkPage(page, `${base}/shopping-list`, 'mealprep-shopping-list')
    }

    // Two tokens were spent.
    expect(await balance(page)).toBe(0)

    // A varied week lacks 2 breakfasts, 2 more lunches and 2 snacks: one request for all, refused as a whole with no
    // tokens left, nothing charged, focus on the refusal.
    await page.goto(`${base}/recipes`)
    const missing = page.getByTestId('generate-missing')
    expect(await missing.innerText()).toBe(lng === 'fr' ? 'Générer ce qui manque (6 recettes)' : 'Generate what is missing (6 recipes)')
    await missing.press('Enter')
    const refusal = page.getByTestId('missing-error')
    await refusal.waitFor()
    expect(await refusal.innerText()).toBe(lng === 'fr' ? 'Vous n’avez pas assez de jetons pour tous les repas qui manquent\u202f: rien n’a été débité.' : 'You do not have enough tokens for all the missing meals: nothing was charged.')
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('missing-error')
    expect(await balance(page)).toBe(0)

    // The home lists both under recent recipes, each a link to its recipe page.
    const recent = page.getByRole('region', { name: m.profile.home.recent.title })
    const recentLinks = recent.getByRole('listitem').getByRole('link')
    // The region is named once the home's messages are in (loaded beside the page's code): on a
    // loaded machine that is after the balance shows.
    await expect.poll(() => recentLinks.count()).toBe(2)
    const hrefs = await recentLinks.evaluateAll((links) => links.map((a) => a.getAttribute('href')))
    expect(hrefs).toContain(recipeURL)
    expect(hrefs.every((h) => h?.startsWith(`${base}/recipe/`))).toBe(true)
    await recentLinks.first().click()
    await page.waitForURL('**/mealprep/*/recipe/*')
    await page.getByTestId('recipe-title').waitFor()
    if (lng === 'fr') await checkPage(page, '/dashboard/general', 'dashboard-recent-recipes', { ready: (p) => p.getByTestId('recent-recipe').first().waitFor() })
    expect(errors).toEqual([])
    await context.close()
  }, 150_000)
})
