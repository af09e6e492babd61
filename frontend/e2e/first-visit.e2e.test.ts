/**
 * A new person's whole first visit, in French and in English, with the keyboard only at 320 px:
 * the landing, the onboarding's four steps, « Se connecter avec un code » (a POST that sends the
 * code: the code is read from the e-mail the code page says was just sent), their name, the
 * dashboard with the 2 free tokens, a meal prep, a food search through the combobox, and a
 * generation that spends both tokens. Every page is checked with axe-core and for sideways
 * scrolling. Nothing is clicked: each control is reached with Tab and used with the keys a
 * person would press (Enter, Space, arrows).
 */
import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { en } from '../src/locales/en'
import { fr } from '../src/locales/fr'
import type { LocaleMessages } from '../src/locales/types'
import { launchBrowser, openPage } from './browser'
import { expectAccessible, layoutProblems } from './support/a11y'
import { uniqueEmail, waitForMailboxEmail } from './support/session'

const baseURL = inject('baseURL')
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

/** Presses Tab until `target` has the focus: it is reachable with the keyboard, in page order. */
async function tabTo(page: Page, target: Locator, max = 120) {
  await target.waitFor()
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return
    await page.keyboard.press('Tab')
  }
  throw new Error(`${String(target)} not reached after ${max} Tab presses`)
}

/** Types into a field reached with Tab, replacing what it held. */
async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field)
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type(text)
}

/** axe (no serious finding) and nothing wider than the 320 px screen. */
async function checked(page: Page) {
  await expectAccessible(page)
  expect(await layoutProblems(page)).toEqual([])
}

async function addFood(page: Page, m: LocaleMessages, query: string, quantity: string) {
  const box = page.getByRole('combobox', { name: m.mealprep.food.searchLabel })
  await typeInto(page, box, query)
  await page.getByRole('option').first().waitFor()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowUp')
  await page.keyboard.press('Enter')
  await page.getByTestId('food-picked').waitFor()
  await typeInto(page, page.getByLabel(m.mealprep.food.quantityLabel.replace('{{unit}}', 'g'), { exact: true }), quantity)
  const before = await page.getByTestId('food-row').count()
  await tabTo(page, page.getByRole('button', { name: m.mealprep.food.add, exact: true }))
  await page.keyboard.press('Enter')
  await expect.poll(() => page.getByTestId('food-row').count(), { timeout: 15_000 }).toBe(before + 1)
}

describe.each([
  ['fr-FR', 'fr', fr, /code de connexion/, ['poulet', 'riz blanc', 'brocoli', 'courgette', 'huile d’olive']],
  ['en-US', 'en', en, /sign-in code/, ['chicken', 'white rice', 'broccoli', 'courgette', 'olive oil']],
] as const)('first visit in %s', (locale, lng, m, codeSubject, foods) => {
  it('signs up through the onboarding, signs in with the e-mailed code, searches, makes a meal prep and generates', async () => {
    const { context, page, errors } = await openPage(browser, baseURL, { locale, width: 320, height: 720 })
    const email = uniqueEmail(`first-visit-${lng}`)

    // The landing: its first call to action opens the onboarding.
    await page.goto('/')
    await page.getByRole('heading', { level: 1, name: m.landing.hero.title }).waitFor()
    await checked(page)
    await tabTo(page, page.getByRole('link', { name: m.landing.hero.ctaPrimary }).first())
    await page.keyboard.press('Enter')

    // Step 1: the address.
    await page.getByRole('heading', { level: 1, name: m.onboarding.email.heading }).waitFor()
    await checked(page)
    await typeInto(page, page.getByLabel(m.onboarding.email.label), email)
    await page.keyboard.press('Enter')

    // Step 2: a diet and an objective with Space (the first of each group); the preset is preselected.
    await page.getByRole('heading', { level: 1, name: m.onboarding.preferences.heading }).waitFor()
    await checked(page)
    const diet = page.getByRole('radio', { name: m.onboarding.preferences.diet.omnivore, exact: true })
    await tabTo(page, diet)
    await page.keyboard.press('Space')
    expect(await diet.isChecked()).toBe(true)
    const objective = page.getByRole('radio', { name: m.onboarding.preferences.objective.weight_loss, exact: true })
    await tabTo(page, objective)
    await page.keyboard.press('Space')
    expect(await objective.isChecked()).toBe(true)
    await tabTo(page, page.getByRole('button', { name: m.onboarding.next }))
    await page.keyboard.press('Enter')

    // Step 3: review and create the account.
    await page.getByRole('heading', { level: 1, name: m.onboarding.account.heading }).waitFor()
    await checked(page)
    await tabTo(page, page.getByRole('button', { name: m.onboarding.account.submit }))
    await page.keyboard.press('Enter')

    // Step 4: « Se connecter avec un code » sends the code, then shows the code page.
    await page.getByRole('heading', { level: 1, name: m.onboarding.features.heading }).waitFor()
    await checked(page)
    await tabTo(page, page.getByRole('button', { name: m.onboarding.features.login }))
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { level: 1, name: m.auth.otp.heading }).waitFor()
    await checked(page)

    // The code is in the e-mail the page promises, without asking again.
    const mailbox = await context.newPage()
    const mail = await waitForMailboxEmail(mailbox, email, codeSubject)
    await mailbox.close()
    const code = mail.subject.match(/\d{6}/)?.[0]
    expect(code).toBeTruthy()
    await typeInto(page, page.getByLabel(m.auth.fields.code), code!)
    await page.keyboard.press('Enter')

    // A first code sign-in asks for the name, then opens the dashboard with the 2 free tokens.
    await page.getByRole('heading', { level: 1, name: m.auth.steps.heading }).waitFor()
    await checked(page)
    await typeInto(page, page.getByLabel(m.auth.fields.name, { exact: true }), 'Camille')
    await typeInto(page, page.getByLabel(m.auth.fields.surname, { exact: true }), 'Martin')
    await page.keyboard.press('Enter')
    await page.waitForURL('**/dashboard/general')
    await page.getByTestId('dashboard-balance').waitFor()
    expect(await page.getByTestId('dashboard-balance').getAttribute('data-balance')).toBe('2')
    await checked(page)

    // A meal prep from the dashboard.
    await typeInto(page, page.getByLabel(m.mealprep.list.nameLabel, { exact: true }), lng === 'fr' ? 'Ma semaine' : 'My week')
    await page.keyboard.press('Enter')
    await page.waitForURL('**/mealprep/*/food')
    await page.getByTestId('mealprep-title').waitFor()
    await checked(page)

    // Food search through the combobox: a protein, a starch, two vegetables and an oil.
    await addFood(page, m, foods[0], '600')
    await addFood(page, m, foods[1], '500')
    await addFood(page, m, foods[2], '500')
    await addFood(page, m, foods[3], '500')
    await addFood(page, m, foods[4], '250')
    await checked(page)

    // A generation of 2 lunch/dinner recipes, the default category: both tokens are spent.
    await tabTo(page, page.getByTestId('to-recipes'))
    await page.keyboard.press('Enter')
    await page.waitForURL('**/mealprep/*/recipes')
    await typeInto(page, page.getByLabel(m.mealprep.recipes.countLabel, { exact: true }), '2')
    await tabTo(page, page.getByTestId('generate-submit'))
    await page.keyboard.press('Enter')
    await expect.poll(() => page.getByTestId('recipe-card').count(), { timeout: 60_000 }).toBe(2)
    await expect.poll(() => page.getByTestId('generation-message').count(), { timeout: 15_000 }).toBe(0)
    await checked(page)

    // A recipe opens with the keyboard.
    await tabTo(page, page.getByTestId('recipe-card').first().getByRole('link').first())
    await page.keyboard.press('Enter')
    await page.waitForURL('**/mealprep/*/recipe/*')
    await page.getByTestId('recipe-title').waitFor()
    await checked(page)

    await page.goto('/dashboard/general')
    await page.getByTestId('dashboard-balance').waitFor()
    expect(await page.getByTestId('dashboard-balance').getAttribute('data-balance')).toBe('0')
    expect(errors).toEqual([])
    await context.close()
  }, 240_000)
})
