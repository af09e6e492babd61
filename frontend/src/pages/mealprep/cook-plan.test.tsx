import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { sharedProps } from '../../test/fixtures'
import { renderPage } from '../../test/render-page'
import CookPlan from './cook-plan'

const macros = { kcal: 650, proteinG: 45, fatG: 18, carbsG: 75 }
const rice = { fr: 'Riz basmati, cru', en: 'Basmati rice, raw' }

/** A one-session plan for one person: 560 g of dry rice cooked, 80 g on their plate. */
function show(lng: 'fr' | 'en', units: 'g' | 'lb') {
  const props = {
    ...sharedProps({ locale: lng }),
    mealPrep: { id: 'm1', name: 'Semaine' },
    days: 7,
    sessions: 1,
    units,
    people: [{ name: lng === 'fr' ? 'Vous' : 'You', daily: macros }],
    limits: { minDays: 1, maxDays: 7, maxSessions: 2 },
    plan: {
      days: 7,
      sessions: [{
        number: 1, day: 1, durationMin: 40, fridgeBoxes: 4, freezerBoxes: 3, night: [],
        recipes: [{ recipeId: 'r1', name: 'Poulet au riz', portions: 7, foods: [{ foodCode: 9100, name: rice, grams: 560 }] }],
        steps: [{ startMin: 0, endMin: 15, appliance: 'hob', kind: 'boil', method: { fr: 'Cuire à l’eau', en: 'Boil' }, food: rice, grams: 1250, batches: 1, for: [], while: [] }],
      }],
      boxes: [],
      eating: [],
      warnings: [],
      plates: [{
        recipeId: 'r1', recipe: 'Poulet au riz', category: 'lunch_dinner',
        plates: [{ person: lng === 'fr' ? 'Vous' : 'You', target: macros, achieved: macros, within: true, reachable: true,
          components: [{ foodCode: 9100, name: rice, grams: 80, changesWeight: true, sharePct: [] }] }],
      }],
    },
  }
  return renderPage('mealprep/cook-plan', CookPlan, props as never, lng, '/mealprep/m1/plan/cook')
}

// textContent, not toHaveTextContent: jest-dom folds the expected no-break spaces into spaces.
describe('the cooking plan gives quantities in the person’s unit', () => {
  it('in grams and kilograms, never broken across lines', async () => {
    await show('fr', 'g')
    const session = screen.getByTestId('cook-session')
    expect(session.textContent).toContain('Riz basmati, cru 560\u00a0g')
    expect(within(session).getByTestId('cook-steps').textContent).toContain('(1,25\u00a0kg)')
    expect(within(screen.getByTestId('plating-card')).getByRole('cell').textContent).toMatch(/^80\u00a0g$/)
  })
  it('in pounds and ounces for a person who reads them', async () => {
    await show('en', 'lb')
    const session = screen.getByTestId('cook-session')
    expect(session.textContent).toContain('Basmati rice, raw 1\u00a0lb\u00a04\u00a0oz')
    expect(within(session).getByTestId('cook-steps').textContent).toContain('(2\u00a0lb\u00a012\u00a0oz)')
    expect(within(screen.getByTestId('plating-card')).getByRole('cell').textContent).toMatch(/^2\.8\u00a0oz$/)
    expect(document.body.textContent).not.toMatch(/\d\u00a0k?g\b/)
  })
})
