import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { sharedProps } from '../../test/fixtures'
import { renderPage } from '../../test/render-page'
import SurveyPage from './survey'

// 80 kg, 180 cm, 30 y, male, moderate, weight loss, default split (domain/nutrition TestGuideOf).
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
  proteinKcal: 552,
  fatKcal: 549,
  carbsKcal: 1104,
  proteinPerKg: 1.7,
  proteinFloorPerKg: 0.83,
  proteinFloorG: 66,
  kcalPerKg: 7700,
  reviewWeeks: 4,
  reviewKg: 2,
  reviewOn: '2026-12-23T10:00:00Z',
  weeksToReviewKg: 4,
}

function show(lng: 'fr' | 'en', units = 'kg') {
  const props = {
    ...sharedProps({ locale: lng }),
    survey: null,
    units,
    cost: 10,
    goals: null,
    request: { id: 'r1', status: 'done', needs, guide, explanation: '', explanationLang: '', accepted: false },
  }
  return renderPage('account/survey', SurveyPage, props as never, lng, '/account/survey')
}

const text = (id: string) => screen.getByTestId(id).textContent

describe('the needs result explains each number without AI', () => {
  it('in French, with French typography', async () => {
    await show('fr')
    expect(screen.queryByTestId('needs-explanation')).not.toBeInTheDocument()
    expect(text('needs-guide-activity')).toBe(
      'Activité\u202f: «\u00a0Modérément actif, 3 à 5 jours (× 1,55)\u00a0» ajoute 979 kcal par jour aux 1\u202f780 kcal que votre corps dépense au repos, pour bouger, travailler et faire du sport.',
    )
    expect(text('needs-guide-objective')).toContain('2\u202f207 kcal par jour, 552 kcal de moins que ce que vous dépensez (−20\u202f%)')
    expect(text('needs-guide-split')).toBe(
      'Répartition 25/25/50\u202f: 552 kcal de protéines (138 g), 549 kcal de lipides (61 g) et 1\u202f104 kcal de glucides (276 g).',
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
    await show('en', 'g')
    expect(screen.getByTestId('needs-result').textContent).toContain('10 × 80 kg + 6.25 × 180 cm − 5 × 30 years + 5 = 1,780 kcal')
  })
})
