import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { en } from '../../locales/en'
import { fr } from '../../locales/fr'
import { sharedProps, user } from '../../test/fixtures'
import { renderPage } from '../../test/render-page'
import SurveyPage from './survey'

// 80 kg, 180 cm, 30 y, male, moderate, weight loss, default split (domain/nutrition TestGuideOf):
// the macronutrients' kcal add up to the 2,207 kcal shown.
const needs = {
  bmr: 1780,
  activityFactor: 1.55,
  maintenanceKcal: 2759,
  objectiveAdjustment: -0.2,
  split: { protein: 25, fat: 25, carbs: 50 },
  proteinRaised: false,
  kcal: 2207,
  proteinG: 138,
  fatG: 61,
  carbsG: 276,
  input: { body: { weightKg: 80, heightCm: 180, age: 30, sex: 'male' }, activityLevel: 'moderate', objective: 'weight_loss', macroPreset: 'default' },
}
const guide = {
  activityKcal: 979,
  balanceKcal: -552,
  weeklyChangeKg: -0.5,
  proteinKcal: 553,
  fatKcal: 549,
  carbsKcal: 1105,
  proteinPerKg: 1.7,
  proteinFloorPerKg: 0.83,
  proteinFloorG: 66,
  kcalPerKg: 7700,
  reviewWeeks: 4,
  reviewKg: 2,
  reviewOn: '2026-12-23T10:00:00Z',
  weeksToReviewKg: 4,
}

function show(lng: 'fr' | 'en', n: object = needs, units = 'kg') {
  const props = {
    ...sharedProps({ locale: lng }),
    survey: null,
    units,
    cost: 10,
    goals: null,
    request: { id: 'r1', status: 'done', needs: n, guide, explanation: '', explanationLang: '', accepted: false },
  }
  return renderPage('account/survey', SurveyPage, props as never, lng, '/account/survey')
}

const text = (id: string) => screen.getByTestId(id).textContent

describe('the needs result explains each number without AI', () => {
  it('in French, with French typography', async () => {
    await show('fr')
    expect(screen.queryByTestId('needs-explanation')).not.toBeInTheDocument()
    expect(text('needs-guide-activity')).toBe(
      'Activité\u202f: «\u202fModérément actif, 3 à 5 jours (× 1,55)\u202f» ajoute 979 kcal par jour aux 1\u202f780 kcal que votre corps dépense au repos, pour bouger, travailler et faire du sport.',
    )
    expect(text('needs-guide-objective')).toContain('2\u202f207 kcal par jour, 552 kcal de moins que ce que vous dépensez (−20\u202f%)')
    expect(text('needs-guide-split')).toBe(
      'Répartition 25/25/50\u202f: 553 kcal de protéines (138 g), 549 kcal de lipides (61 g) et 1\u202f105 kcal de glucides (276 g).',
    )
    expect(text('needs-guide-protein')).toContain('138 g, soit 1,7 g par kg de poids. Le repère pour un adulte est de 0,83 g par kg, 66 g pour 80 kg')
    expect(text('needs-guide-weekly')).toBe(
      'Estimation\u202f: environ 0,5 kg de moins par semaine (552 kcal × 7 jours ÷ 7\u202f700 kcal par kg). La balance varie davantage les premières semaines, avec l’eau.',
    )
    expect(text('needs-guide-review')).toBe(
      'À revoir\u202f: refaites le questionnaire dans 4 semaines (le 23 décembre 2026) ou dès que votre poids a changé de 2 kg, et chaque fois que votre activité change. À ce rythme, 2 kg prennent environ 4 semaines.',
    )
    expect(screen.getByTestId('needs-guide').textContent).not.toMatch(/ [:;!?]/)
  })
  it('in English', async () => {
    await show('en')
    expect(text('needs-guide-objective')).toBe('Objective: 2,207 kcal a day, 552 kcal less than you burn (−20%); your body draws the difference from its reserves.')
    expect(text('needs-guide-weekly')).toContain('about 0.5 kg less a week (552 kcal × 7 days ÷ 7,700 kcal per kg)')
    expect(text('needs-guide-review')).toBe(
      'Revisit: take the survey again in 4 weeks (December 23, 2026) or as soon as your weight has changed by 2 kg, and whenever your activity changes. At this pace, 2 kg take about 4 weeks.',
    )
  })
})

describe('the price and the balance come before the form', () => {
  const open = (lng: 'fr' | 'en', balance: number) =>
    renderPage(
      'account/survey',
      SurveyPage,
      { ...sharedProps({ locale: lng, auth: { user: { ...user, balance } } }), survey: null, units: 'kg', cost: 10, goals: null, request: null } as never,
      lng,
      '/account/survey',
    )

  it.each([
    ['fr', fr, 'Ce calcul coûte 10 jetons\u202f; vous en avez 2.', 'Il vous manque 8 jetons pour lancer le calcul.'],
    ['en', en, 'This calculation costs 10 tokens; you have 2.', 'You need 8 more tokens to start the calculation.'],
  ] as const)('in %s, short of tokens: the price, what is missing, a link to buy, the submit disabled with its reason', async (lng, m, price, short) => {
    await open(lng, 2)
    const panel = screen.getByTestId('survey-price')
    expect(panel.textContent).toContain(price)
    expect(panel.textContent).toContain(short)
    expect(within(panel).getByRole('link', { name: m.profile.survey.buy })).toHaveAttribute('href', '/buy-tokens')
    const submit = screen.getByRole('button', { name: m.profile.survey.submit.replace('{{cost}}', '10') })
    expect(submit).toBeDisabled()
    expect(submit).toHaveAccessibleDescription(short)
    // The panel comes before the form in reading order.
    expect(panel.compareDocumentPosition(screen.getByTestId('survey-form')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })

  it('with enough tokens: the price and the balance, the submit enabled', async () => {
    await open('fr', 12)
    expect(screen.getByTestId('survey-price').textContent).toBe('Ce calcul coûte 10 jetons\u202f; vous en avez 12.')
    expect(within(screen.getByTestId('survey-price')).queryByRole('link')).toBeNull()
    expect(screen.getByRole('button', { name: fr.profile.survey.submit.replace('{{cost}}', '10') })).toBeEnabled()
  })
})

// 80 kg, 185 cm, 25 y, male, very active, muscle gain, high protein (domain/nutrition
// TestNeedsBoundedByPhysiology): 40 % would be 4 g/kg, capped at 2.2 g/kg.
const bounded = {
  ...needs,
  objectiveAdjustment: 0.1,
  split: { protein: 40, fat: 30, carbs: 30 },
  kcal: 3921,
  proteinG: 176,
  fatG: 157,
  carbsG: 500,
  bounded: true,
  bounds: ['protein_max'],
}

describe('the needs result shows a physiological bound and why', () => {
  it('in French', async () => {
    await show('fr', bounded)
    expect(text('needs-bound-protein_max')).toBe(
      'Protéines limitées à 2,2 g par kg de poids (176 g au lieu de 392 g)\u202f: c’est la borne haute des recommandations de nutrition sportive, et au-delà aucune assiette courante ne suit\u202f; l’énergie libérée va aux lipides et aux glucides dans les proportions du profil.',
    )
  })
  it('in English', async () => {
    await show('en', { ...bounded, bounds: ['fat_min'] })
    expect(text('needs-bound-fat_min')).toBe(
      'Fat raised to 20% of energy (157 g), the minimum recommended for adults; the energy comes from protein and carbohydrates in the preset’s proportion.',
    )
  })
  it('not when the preset is within bounds, nor for needs computed before the bounds', async () => {
    await show('fr', { ...needs, bounded: false, bounds: [] })
    expect(screen.queryByTestId(/needs-bound-/)).not.toBeInTheDocument()
    await show('fr')
    expect(screen.queryByTestId(/needs-bound-/)).not.toBeInTheDocument()
  })
})

// A person who chose pounds typed 182.5 lb and 70.9 in (the server stores 82.8 kg, 180 cm): every
// figure they read is in pounds and inches, the formula in its imperial form (4.536 = 10 ÷ 2.2046,
// 15.875 = 6.25 × 2.54: the same result).
describe('the needs result in pounds and inches', () => {
  const imperial = { ...needs, input: { ...needs.input, body: { ...needs.input.body, weightKg: 82.78, heightCm: 180 } } }
  function showImperial(lng: 'fr' | 'en') {
    const props = {
      ...sharedProps({ locale: lng }),
      survey: null,
      units: 'lb',
      cost: 10,
      goals: null,
      request: { id: 'r1', status: 'done', needs: imperial, guide, explanation: '', explanationLang: '', accepted: false },
    }
    return renderPage('account/survey', SurveyPage, props as never, lng, '/account/survey')
  }
  it('in English', async () => {
    await showImperial('en')
    const result = screen.getByTestId('needs-result').textContent ?? ''
    expect(result).toContain('4.536 × 182.5 lb + 15.875 × 70.9 in − 5 × 30 years + 5 = 1,780 kcal')
    expect(result).not.toMatch(/\bkg\b|\bcm\b/)
    expect(text('needs-guide-protein')).toContain('that is 0.8 g per lb of body weight. The adult reference is 0.38 g per lb, 66 g for 182.5 lb')
    expect(text('needs-guide-weekly')).toContain('about 1.1 lb less a week (552 kcal × 7 days ÷ 3,493 kcal per lb)')
    expect(text('needs-guide-review')).toContain('changed by 4.4 lb')
  })
  it('in French', async () => {
    await showImperial('fr')
    const result = screen.getByTestId('needs-result').textContent ?? ''
    expect(result).toContain('4,536 × 182,5 lb + 15,875 × 70,9 in − 5 × 30 ans + 5 = 1\u202f780 kcal')
    expect(result).not.toMatch(/\bkg\b|\bcm\b/)
  })
  it('metric people keep kilograms and centimetres', async () => {
    await show('en', needs, 'g')
    expect(screen.getByTestId('needs-result').textContent).toContain('10 × 80 kg + 6.25 × 180 cm − 5 × 30 years + 5 = 1,780 kcal')
  })
})
