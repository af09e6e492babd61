import { describe, expect, it } from 'vitest'
import { en } from './en'
import { fr } from './fr'

// An objective has one name, whether chosen at onboarding or in the needs survey
// (which adds what it does to the calories).
describe('objective names', () => {
  const objectives = ['weight_loss', 'muscle_gain', 'recomposition', 'maintenance'] as const
  for (const [lang, m] of [
    ['fr', fr],
    ['en', en],
  ] as const) {
    it(`are the same in onboarding and the survey (${lang})`, () => {
      for (const o of objectives) {
        const name = m.onboarding.preferences.objective[o]
        const survey = m.profile.survey.objectives[o]
        expect(survey === name || survey.startsWith(`${name} (`), `${o}: “${survey}” vs “${name}”`).toBe(true)
      }
    })
  }
})
