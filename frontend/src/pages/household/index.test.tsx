import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { en } from '../../locales/en'
import { fr } from '../../locales/fr'
import { sharedProps } from '../../test/fixtures'
import { renderPage } from '../../test/render-page'
import Household from './index'

const props = (lng: 'fr' | 'en', errors: Record<string, string> = {}) => ({
  ...sharedProps({ locale: lng, errors }),
  members: [],
  allergens: [
    { id: 'gluten', name: lng === 'fr' ? 'céréales contenant du gluten' : 'cereals containing gluten' },
    { id: 'sesame', name: lng === 'fr' ? 'graines de sésame' : 'sesame seeds' },
  ],
  limits: { maxMembers: 7, minGoalKcal: 1000, maxGoalKcal: 6000 },
})

describe.each([
  ['fr', fr],
  ['en', en],
] as const)('household form in %s', (lng, m) => {
  it('starts every survey choice empty and required, with one name per preset', async () => {
    await renderPage('household/index', Household, props(lng) as never, lng, '/household')
    const form = screen.getByTestId('add-form')
    fireEvent.click(within(form).getByLabelText(m.household.sourceSurvey))
    for (const label of [m.household.sex, m.household.activityLevel, m.household.objective, m.household.macroPreset]) {
      const select = within(form).getByLabelText(label) as HTMLSelectElement
      expect(select.value, label).toBe('')
      expect(select.selectedOptions[0]!.textContent, label).toBe(m.household.choose)
      expect(select.required, label).toBe(true)
    }
    // The presets read as on the survey page.
    const presets = within(form).getByLabelText(m.household.macroPreset) as HTMLSelectElement
    expect([...presets.options].slice(1).map((o) => o.textContent)).toEqual(Object.values(m.profile.presets))
  })

  it('offers allergens as labelled checkboxes in a described group', async () => {
    await renderPage('household/index', Household, props(lng) as never, lng, '/household')
    const form = screen.getByTestId('add-form')
    const group = within(form).getByRole('group', { name: m.household.allergens })
    expect(group).toHaveAccessibleDescription(m.household.allergensHint)
    const sesame = within(group).getByRole('checkbox', { name: lng === 'fr' ? 'graines de sésame' : 'sesame seeds' })
    expect(sesame).not.toBeChecked()
    fireEvent.click(sesame)
    expect(sesame).toBeChecked()
  })
})
