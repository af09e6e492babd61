/**
 * The profile in a real browser, on a server of its own with ADMIN_EMAILS naming an
 * admin who grants the tokens the calculation needs: a new person sets goals by hand (free),
 * sees them on the home chart, cannot afford the calculation (buy prompt, nothing charged), gets
 * 10 tokens, fills the survey, follows the progress, accepts the result and sees the home chart
 * change; then switches to English and the pages follow. Every profile page goes through axe-core
 * at every width. The server talks to a fake model (support/ai.ts), so each result carries the
 * AI's explanation in the person's language. A second test does it all in English and checks the
 * next email follows the language chosen on /dashboard/language.
 */
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { en } from '../src/locales/en'
import { fr } from '../src/locales/fr'
import { launchBrowser, openPage } from './browser'
import { checkPage } from './support/a11y'
import { fakeExplanation, startFakeModel, type FakeModel } from './support/ai'
import { serverText } from './support/mail'
import { startGamelle, type Gamelle } from './support/server'
import { signUpVerified, uniqueEmail, waitForMailboxEmail } from './support/session'

const adminEmail = uniqueEmail('profile-admin')
const personEmail = uniqueEmail('profile')
const adminEmailEn = uniqueEmail('profile-admin-en')
let browser: Browser
let server: Gamelle
let model: FakeModel

beforeAll(async () => {
  model = await startFakeModel()
  server = await startGamelle({
    bin: inject('gamelleBin'),
    adminUrl: inject('adminDatabaseUrl'),
    template: inject('templateDatabase'),
    logName: 'profile-server.log',
    env: { ADMIN_EMAILS: `${adminEmail},${adminEmailEn}`, NEEDS_TEST_DELAY: '1500ms', AI_BASE_URL: model.baseURL, AI_MODEL: 'e2e-model' },
  })
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await model?.stop()
})

describe('profile', () => {
  it('goals by hand, then the paid calculation followed to the end and applied, on the home chart; then English', async () => {
    const { page } = await openPage(browser, server.baseURL, { locale: 'fr-FR' })
    await signUpVerified(page, personEmail, 'Léa', 'Moreau')

    // Goals by hand, free, with a preset to help.
    await page.goto('/dashboard/account')
    await page.getByLabel(fr.profile.goals.kcal).fill('2000')
    await page.getByRole('button', { name: fr.profile.goals.presetApply }).click()
    await expect.poll(() => page.getByLabel(fr.profile.goals.carbsG).inputValue()).toBe('250')
    await page.getByRole('button', { name: fr.profile.goals.save }).click()
    await page.waitForURL('**/dashboard/general')
    await expect.poll(() => page.getByTestId('dashboard-goals-kcal').innerText()).toContain('2\u202f000')
    expect(await page.getByTestId('dashboard-balance').getAttribute('data-balance')).toBe('2')
    // The goals chart (plain SVG) draws its three bars, carbohydrates (250 g) the tallest.
    const bars = page.getByTestId('macro-bars').locator('rect[data-bar]')
    expect(await bars.count()).toBe(3)
    const heights = await bars.evaluateAll((rs) => rs.map((r) => r.getBoundingClientRect().height))
    expect(heights.every((h) => h > 0)).toBe(true)
    expect(Math.max(...heights)).toBe(heights[2])

    // Two tokens: the price, the balance and the buy link come before the form, whose submit is
    // disabled with its reason; nothing can be charged.
    await page.goto('/account/survey')
    expect(await page.getByTestId('survey-price').innerText()).toContain(fr.profile.survey.short_other.replace('{{count}}', '8'))
    await page.getByLabel(fr.profile.survey.weight.replace('{{unit}}', 'kg')).fill('80')
    await page.getByLabel(fr.profile.survey.height.replace('{{unit}}', 'cm')).fill('180')
    await page.getByLabel(fr.profile.survey.age).fill('30')
    await page.getByLabel(fr.profile.survey.sexes.male).check()
    await page.getByLabel(fr.profile.survey.activityLevel).selectOption('moderate')
    await page.getByLabel(fr.profile.survey.activityDescription).fill('Bureau, vélo pour aller travailler')
    await page.getByLabel(fr.profile.survey.otherActivities).fill('Football le dimanche')
    await page.getByLabel(fr.profile.survey.objective).selectOption('maintenance')
    const submit = page.getByRole('button', { name: fr.profile.survey.submit.replace('{{cost}}', '10') })
    expect(await submit.isDisabled()).toBe(true)
    expect(await page.getByTestId('survey-price').getByRole('link', { name: fr.profile.survey.buy }).getAttribute('href')).toBe('/buy-tokens')

    // The admin grants 10 tokens.
    const admin = await openPage(browser, server.baseURL, { locale: 'fr-FR' })
    await signUpVerified(admin.page, adminEmail, 'Alex', 'Admin')
    await admin.page.goto('/dashboard/admin/users')
    await admin.page.getByLabel(fr.admin.users.search).fill(personEmail)
    await admin.page.keyboard.press('Enter')
    // The results replace the list: a click before they arrive can land where the link was.
    await admin.page.waitForURL((u) => u.searchParams.get('q') === personEmail)
    await admin.page.getByRole('link', { name: personEmail }).click()
    await admin.page.waitForURL('**/dashboard/admin/users/*')
    await admin.page.getByLabel(fr.admin.user.amount).fill('10')
    await admin.page.getByLabel(fr.admin.user.reasonField).fill('Essai du calcul des besoins')
    await admin.page.getByRole('button', { name: fr.admin.user.adjust }).click()
    await expect.poll(() => admin.page.getByTestId('admin-user-balance').innerText()).toBe('12')

    // The survey again (kept in the form): charged, followed, explained, accepted.
    await page.reload()
    await page.getByLabel(fr.profile.survey.weight.replace('{{unit}}', 'kg')).fill('80')
    await page.getByLabel(fr.profile.survey.height.replace('{{unit}}', 'cm')).fill('180')
    await page.getByLabel(fr.profile.survey.age).fill('30')
    await page.getByLabel(fr.profile.survey.sexes.male).check()
    await page.getByLabel(fr.profile.survey.activityLevel).selectOption('moderate')
    await page.getByLabel(fr.profile.survey.activityDescription).fill('Bureau, vélo pour aller travailler')
    await page.getByLabel(fr.profile.survey.otherActivities).fill('Football le dimanche')
    await page.getByLabel(fr.profile.survey.objective).selectOption('maintenance')
    await submit.click()
    await expect.poll(() => page.getByTestId('needs-pending').count(), { timeout: 10_000 }).toBe(1)
    await expect.poll(() => page.getByTestId('needs-result').count(), { timeout: 30_000 }).toBe(1)
    // 10·80 + 6.25·180 − 5·30 + 5 = 1780 kcal × 1.55 = 2759 kcal.
    expect(await page.getByTestId('needs-kcal').innerText()).toContain('2')
    expect(await page.getByTestId('needs-result').innerText()).toContain('1\u202f780')
    expect(await page.getByTestId('needs-explanation').innerText()).toContain(fr.profile.survey.explanation)
    expect(await page.getByTestId('needs-explanation-text').innerText()).toBe(fakeExplanation.fr.shown)
    expect(await page.getByTestId('needs-explanation-text').getAttribute('lang')).toBe('fr')
    await checkPage(page, '/account/survey', 'profile-survey')
    // The paid result is the person's goals at once: no second click (docs/profile.md).
    expect(await page.getByTestId('needs-result').innerText()).toContain(fr.profile.survey.accepted)
    expect(await page.getByTestId('needs-accept').count()).toBe(0)
    await page.goto('/dashboard/general')
    await expect.poll(() => page.getByTestId('dashboard-goals-kcal').innerText()).toMatch(/2[\u202f,]759/)
    expect(await page.getByTestId('dashboard-balance').getAttribute('data-balance')).toBe('2')
    // The balance chart draws a dot per movement: the sign-up bonus, the grant, the charge.
    expect(await page.getByTestId('balance-line').locator('circle[data-point]').count()).toBeGreaterThanOrEqual(3)
    expect(await page.getByTestId('macro-bars').locator('rect[data-bar]').count()).toBe(3)
    await checkPage(page, '/dashboard/general', 'profile-home', { ready: (p) => p.getByTestId('dashboard-goals').waitFor() })
    await checkPage(page, '/dashboard/account', 'profile-account')
    await checkPage(page, '/account/billing', 'profile-billing')
    await checkPage(page, '/dashboard/settings', 'profile-settings')

    // English: stored on the person, this device follows at once.
    await page.goto('/dashboard/language')
    await page.getByLabel(fr.profile.language.en).check()
    await page.getByRole('button', { name: fr.profile.language.save }).click()
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(en.profile.language.title)
    await page.goto('/dashboard/account')
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(en.profile.account.title)
    await checkPage(page, '/dashboard/language', 'profile-language')
  }, 180_000)
})

describe('profile in English', () => {
  it('after the switch to English the next email is in English from any device, and the survey runs in English with the AI’s explanation in English', async () => {
    const email = uniqueEmail('profile-en')
    const { page } = await openPage(browser, server.baseURL, { locale: 'fr-FR' })
    await signUpVerified(page, email, 'Sam', 'Taylor')

    // English, chosen on /dashboard/language (the sign-up stored French).
    await page.goto('/dashboard/language')
    await page.getByLabel(fr.profile.language.en).check()
    await page.getByRole('button', { name: fr.profile.language.save }).click()
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(en.profile.language.title)

    // The next email is in English even when a French device asks for it: a sign-in code.
    const device = await openPage(browser, server.baseURL, { locale: 'fr-FR' })
    await device.page.goto('/auth/login?lng=fr')
    await device.page.locator('#otp-email').fill(email)
    await device.page.getByRole('button', { name: fr.auth.login.otpSubmit }).click()
    await device.page.getByRole('heading', { level: 1, name: fr.auth.otp.heading }).waitFor()
    const subject = serverText('en', 'email.otp.subject', { Code: 'CODE' })
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace('CODE', '\\d{6}')
    const mail = await waitForMailboxEmail(device.page, email, new RegExp(`^${subject}$`))
    const body = await device.page
      .getByTestId('mailbox-email')
      .filter({ has: device.page.getByTestId('mailbox-subject').filter({ hasText: mail.subject }) })
      .first()
      .getByTestId('mailbox-text')
      .innerText()
    expect(body).toContain(serverText('en', 'email.otp.intro'))
    expect(body).not.toContain(serverText('fr', 'email.otp.intro'))

    // Ten tokens from an admin, then the survey in English.
    const admin = await openPage(browser, server.baseURL, { locale: 'fr-FR' })
    await signUpVerified(admin.page, adminEmailEn, 'Alex', 'Admin')
    await admin.page.goto('/dashboard/admin/users')
    await admin.page.getByLabel(fr.admin.users.search).fill(email)
    await admin.page.keyboard.press('Enter')
    // The results replace the list: a click before they arrive can land where the link was.
    await admin.page.waitForURL((u) => u.searchParams.get('q') === email)
    await admin.page.getByRole('link', { name: email }).click()
    await admin.page.waitForURL('**/dashboard/admin/users/*')
    await admin.page.getByLabel(fr.admin.user.amount).fill('10')
    await admin.page.getByLabel(fr.admin.user.reasonField).fill('Essai du calcul en anglais')
    await admin.page.getByRole('button', { name: fr.admin.user.adjust }).click()
    await expect.poll(() => admin.page.getByTestId('admin-user-balance').innerText()).toBe('12')

    await page.goto('/account/survey')
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(en.profile.survey.title)
    await page.getByLabel(en.profile.survey.weight.replace('{{unit}}', 'kg'), { exact: true }).fill('80')
    await page.getByLabel(en.profile.survey.height.replace('{{unit}}', 'cm'), { exact: true }).fill('180')
    await page.getByLabel(en.profile.survey.age, { exact: true }).fill('30')
    await page.getByLabel(en.profile.survey.sexes.male, { exact: true }).check()
    await page.getByLabel(en.profile.survey.activityLevel, { exact: true }).selectOption('moderate')
    await page.getByLabel(en.profile.survey.activityDescription, { exact: true }).fill('Desk job, cycling to work')
    await page.getByLabel(en.profile.survey.otherActivities, { exact: true }).fill('Football on Sundays')
    await page.getByLabel(en.profile.survey.objective, { exact: true }).selectOption('maintenance')
    await page.getByRole('button', { name: en.profile.survey.submit.replace('{{cost}}', '10') }).click()
    await expect.poll(() => page.getByTestId('needs-result').count(), { timeout: 30_000 }).toBe(1)
    // The formula's numbers (1,780 kcal BMR, 2,759 kcal), then the AI's word, labelled, in English.
    const result = await page.getByTestId('needs-result').innerText()
    expect(result).toContain('1,780')
    expect(await page.getByTestId('needs-kcal').innerText()).toContain('2,759')
    expect(await page.getByTestId('needs-explanation').innerText()).toContain(en.profile.survey.explanation)
    expect(await page.getByTestId('needs-explanation-text').innerText()).toBe(fakeExplanation.en.shown)
    const prompt = model.prompts.find((p) => p.includes('Football on Sundays'))
    expect(prompt).toContain('in English')
    expect(prompt).toContain('daily target 2759 kcal')
    expect(prompt).not.toContain(email)
    expect(prompt).not.toContain('Taylor')
    await checkPage(page, '/account/survey', 'profile-survey-en')

    // Back to French: the page follows, the explanation stays marked as the English it is.
    await page.goto('/dashboard/language')
    await page.getByLabel(en.profile.language.fr, { exact: true }).check()
    await page.getByRole('button', { name: en.profile.language.save }).click()
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(fr.profile.language.title)
    await page.goto('/account/survey')
    expect(await page.locator('html').getAttribute('lang')).toBe('fr')
    expect(await page.getByTestId('needs-explanation').innerText()).toContain(fr.profile.survey.explanation)
    expect(await page.getByTestId('needs-explanation-text').getAttribute('lang')).toBe('en')
  }, 120_000)
})
