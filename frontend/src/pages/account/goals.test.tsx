import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { en } from '../../locales/en'
import { fr } from '../../locales/fr'
import { renderPage } from '../../test/render-page'
import { sharedProps, user } from '../../test/fixtures'
import AccountPage, { macroKcal } from './index'

const account = {
  email: 'camille@example.fr', name: 'Camille', surname: 'Martin', hasPassword: true, language: 'fr', units: 'g',
  currency: 'EUR', diet: 'omnivore', objective: '', macroPreset: 'default', goals: null, aiSuggestions: true, priceLimit: null, allergens: [] as string[], pantry: [] as string[],
}

const allergens = [
  { id: 'gluten', name: 'céréales contenant du gluten' },
  { id: 'peanuts', name: 'arachides' },
  { id: 'sesame', name: 'graines de sésame' },
]

const staples = [
  { id: 'garlic', name: 'ail', allergens: [] as string[] },
  { id: 'soy_sauce', name: 'sauce soja', allergens: ['gluten', 'soy'] },
  { id: 'tahini', name: 'tahin', allergens: ['sesame'] },
]

function show(lng: 'fr' | 'en', goals: { kcal: number; proteinG: number; fatG: number; carbsG: number }) {
  return renderPage('account/index', AccountPage, { ...sharedProps({ auth: { user }, locale: lng }), presets: {}, allergens, staples, account: { ...account, goals }, emailChange: null }, lng, '/dashboard/account')
}

describe('macroKcal', () => {
  it('is 4/9/4 kcal per gram, null while a field is not a number', () => {
    expect(macroKcal('300', '150', '300')).toBe(3750)
    expect(macroKcal('12,5', '0', '0')).toBe(50)
    expect(macroKcal('', '150', '300')).toBeNull()
    expect(macroKcal('abc', '150', '300')).toBeNull()
  })
})

// Goals whose grams contradict the calories say what the grams add up to and offer to
// set the calories to it.
describe.each([
  ['fr', fr, 'Vos grammes font 3\u202f750 kcal'],
  ['en', en, 'Your grams add up to 3,750 kcal'],
] as const)('goals that do not add up (%s)', (lng, m, says) => {
  it('show the grams’ energy and offer to set the calories to it', async () => {
    await show(lng, { kcal: 2000, proteinG: 300, fatG: 150, carbsG: 300 })
    const line = screen.getByTestId('goals-macro-kcal')
    expect(line.textContent).toContain(says)
    fireEvent.click(within(line).getByRole('button'))
    expect(screen.getByLabelText(m.profile.goals.kcal)).toHaveValue(3750)
    expect(within(screen.getByTestId('goals-macro-kcal')).queryByRole('button')).toBeNull()
  })

  it('offer nothing when they add up', async () => {
    await show(lng, { kcal: 2100, proteinG: 150, fatG: 70, carbsG: 215 })
    expect(within(screen.getByTestId('goals-macro-kcal')).queryByRole('button')).toBeNull()
  })
})

// The allergens a person declares: a group of checkboxes named by the regulation, in a fieldset
// a screen reader announces, ticked from the account and toggled with the keyboard (space).
describe('allergens', () => {
  it('are labelled checkboxes in a named group, ticked as stored', async () => {
    await renderPage('account/index', AccountPage, { ...sharedProps({ auth: { user }, locale: 'fr' }), presets: {}, allergens, staples, account: { ...account, allergens: ['peanuts'] }, emailChange: null }, 'fr', '/dashboard/account')
    const group = screen.getByRole('group', { name: fr.profile.account.allergens })
    const boxes = within(group).getAllByRole('checkbox')
    expect(boxes).toHaveLength(3)
    expect(within(group).getByRole('checkbox', { name: 'arachides' })).toBeChecked()
    const gluten = within(group).getByRole('checkbox', { name: 'céréales contenant du gluten' })
    expect(gluten).not.toBeChecked()
    fireEvent.click(gluten)
    expect(gluten).toBeChecked()
    expect(group).toHaveAccessibleDescription(fr.profile.account.allergensHint)
  })
})

// The pantry: staples ticked once, in a named group; a staple holding an allergen the form
// declares says beside it that it is never used, and says it as the person ticks the allergen.
describe('pantry', () => {
  it('is a named group of staples, ticked as stored, marking those a declared allergen rules out', async () => {
    await renderPage('account/index', AccountPage, { ...sharedProps({ auth: { user }, locale: 'fr' }), presets: {}, allergens, staples, account: { ...account, allergens: ['sesame'], pantry: ['garlic', 'tahini'] }, emailChange: null }, 'fr', '/dashboard/account')
    const group = screen.getByRole('group', { name: fr.profile.account.pantry })
    expect(within(group).getAllByRole('checkbox')).toHaveLength(3)
    expect(within(group).getByRole('checkbox', { name: 'ail' })).toBeChecked()
    const tahini = within(group).getByRole('checkbox', { name: 'tahin' })
    expect(tahini).toBeChecked()
    expect(tahini).toHaveAccessibleDescription('jamais utilisé\u202f: contient graines de sésame')
    const soy = within(group).getByRole('checkbox', { name: 'sauce soja' })
    expect(soy).not.toHaveAccessibleDescription()
    fireEvent.click(screen.getByRole('checkbox', { name: 'céréales contenant du gluten' }))
    expect(soy).toHaveAccessibleDescription('jamais utilisé\u202f: contient céréales contenant du gluten')
    fireEvent.click(soy)
    expect(soy).toBeChecked()
  })
})
