import { router } from '@inertiajs/react'
import { act, fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fr } from '../../locales/fr'
import { sharedProps } from '../../test/fixtures'
import { renderPage } from '../../test/render-page'
import MealPrepRecipes from './recipes'

const macros = { kcal: 650, proteinG: 45, fatG: 18, carbsG: 75 }
const nutrition = { ...macros, satFatG: 3, fibreG: 6, sugarsG: 4, saltG: 1.8, sodiumMg: 720 }

function recipe(id: string, name: string) {
  return {
    id, requestId: 'q1', name, category: 'lunch_dinner', servings: 1, ingredients: [{ foodCode: 36017, name: 'Poulet', grams: 250 }],
    target: macros, nutrition, perServing: nutrition, withinTolerance: true, refunded: false, explanation: '', durationMin: 25,
    price: 3.2, currency: 'EUR', healthScore: 1, healthGrade: 'B', generator: 'builtin', steps: [],
  }
}

const twoDays = [1, 2].map((day) => ({ day, meals: [
  { recipeId: 'a', category: 'lunch_dinner', portions: 1 },
  { recipeId: 'b', category: 'lunch_dinner', portions: 1 },
] }))

function show(lng: 'fr' | 'en', totals?: { perDay: typeof macros; goal: typeof macros; diff: typeof macros }, units: 'g' | 'lb' = 'g', keptA = false) {
  const props = {
    ...sharedProps({ locale: lng }),
    mealPrep: { id: 'm1', name: 'Semaine', foodCount: 3 },
    recipes: [{ ...recipe('a', 'Poulet au riz'), kept: keptA }, { ...recipe('b', 'Lentilles au saumon'), kept: false }],
    plan: {
      meals: [{ category: 'lunch_dinner', recipes: 2, servings: 2, mealsPerDay: 2, days: 1, average: macros }],
      perDay: macros, goal: macros, diff: { kcal: 0, proteinG: 0, fatG: 0, carbsG: 0 }, missing: [], generate: [],
      ...totals,
      schedule: { days: twoDays, totals: [{ recipeId: 'a', portions: 2 }, { recipeId: 'b', portions: 2 }] },
      stock: [{ foodCode: 36017, name: 'Poulet', neededG: 1750, haveG: 150 }],
    },
    goals: { daily: macros, defaulted: false, units },
    generation: [],
    categories: ['breakfast', 'lunch_dinner', 'snack'],
    limits: { minCount: 1, maxCount: 10 },
  }
  return renderPage('mealprep/recipes', MealPrepRecipes, props as never, lng, '/mealprep/m1/recipes')
}


const zero = { kcal: 0, proteinG: 0, fatG: 0, carbsG: 0 }

const diagnosis = {
  fr: 'Ces aliments ne permettent pas d’atteindre l’objectif de ce repas : ajoutez un aliment protéiné (viande, poisson, œufs, légumineuses ou tofu).',
  en: 'These foods cannot meet this meal’s target: add a protein food (meat, fish, eggs, legumes or tofu).',
}

// A finished request shown once is hidden on the next visit (generation-status.tsx): each test is
// a first visit.
beforeEach(() => localStorage.clear())

function showFailure(lng: 'fr' | 'en', why: string) {
  const props = {
    ...sharedProps({ locale: lng }),
    mealPrep: { id: 'm1', name: 'Riz', foodCount: 2 },
    recipes: [],
    plan: { meals: [], perDay: zero, goal: zero, diff: zero, missing: [], generate: [], schedule: { days: [], totals: [] }, stock: [] },
    goals: { daily: { kcal: 2523, proteinG: 308, fatG: 62, carbsG: 185 }, defaulted: false, units: 'g' },
    generation: [
      { requestId: 'q1', category: 'lunch_dinner', count: 2, done: 0, failed: true, reason: 'no_foods', diagnosis: why, refunded: 2, running: false, createdAt: '2026-11-25T18:00:00Z' },
    ],
    categories: ['breakfast', 'lunch_dinner', 'snack'],
    limits: { minCount: 1, maxCount: 10 },
  }
  return renderPage('mealprep/recipes', MealPrepRecipes, props as never, lng, '/mealprep/m1/recipes')
}

describe.each([
  ['fr', 'La génération n’a pas abouti. ', ' 2 jetons remboursés.', 'aucun aliment utilisable'],
  ['en', 'Generation did not finish. ', ' 2 tokens refunded.', 'no usable food'],
] as const)('generation failure banner in %s', (lng, lead, refund, generic) => {
  it('shows the engine’s diagnosis instead of the generic reason, and the refund', async () => {
    await showFailure(lng, diagnosis[lng])
    const banner = screen.getByTestId('generation-failed')
    expect(banner).toHaveTextContent(lead + diagnosis[lng] + refund)
    expect(banner).not.toHaveTextContent(generic)
  })

  it('keeps the generic reason when there is no diagnosis (failures recorded before it)', async () => {
    await showFailure(lng, '')
    const banner = screen.getByTestId('generation-failed')
    expect(banner).toHaveTextContent(generic)
    expect(banner).toHaveTextContent(refund.trim())
  })
})

// A regenerate names the recipes it replaces (docs/mealprep.md, "Keep and regenerate"): another
// tab or device asking for the same ones is refused by the server, nothing charged.
describe('"regenerate the rest"', () => {
  it('names the recipes shown as not kept, and sends its next request under a new key', async () => {
    const post = vi.spyOn(router, 'post').mockImplementation(() => {})
    await show('fr', undefined, 'g', true)
    const button = screen.getByTestId('regenerate-rest')
    expect(button).toHaveTextContent('1')
    fireEvent.click(button)
    expect(post).toHaveBeenCalledTimes(1)
    const [path, data, options] = post.mock.calls[0] as unknown as [string, { recipeIds: string[]; idempotencyKey: string }, { onSuccess: (p: never) => void }]
    expect(path).toBe('/mealprep/m1/recipes/regenerate')
    expect(data.recipeIds).toEqual(['b'])
    act(() => options.onSuccess({} as never))
    fireEvent.click(button)
    const next = post.mock.calls[1]?.[1] as { idempotencyKey: string }
    expect(next.idempotencyKey).not.toBe(data.idempotencyKey)
    post.mockRestore()
  })
})

describe('the plan lays out the days, recipe by recipe, with portions', () => {
  it('in French', async () => {
    await show('fr')
    const s = screen.getByTestId('plan-schedule')
    expect(within(s).getByRole('heading', { name: 'Jour par jour (2 jours)' })).toBeInTheDocument()
    expect(s).toHaveTextContent('Jour 2')
    const meals = within(s).getAllByText(/Poulet au riz/)
    expect(meals).toHaveLength(2)
    expect(meals[0]?.textContent).toBe('Déjeuner / dîner\u202f: Poulet au riz (1 portion)')
    expect(s).toHaveTextContent('La liste de courses achète exactement ces portions.')
  })
  it('in English', async () => {
    await show('en')
    const s = screen.getByTestId('plan-schedule')
    expect(within(s).getByRole('heading', { name: 'Day by day (2 days)' })).toBeInTheDocument()
    expect(within(s).getAllByText(/: Lentilles au saumon \(1 portion\)$/)).toHaveLength(2)
  })
})

describe('the plan says when its days need more than the person has', () => {
  it('in French', async () => {
    await show('fr')
    expect(screen.getByTestId('plan-stock').querySelector('li')?.textContent).toBe(
      'Poulet\u202f: le plan demande 1,75 kg sur 2 jours, vous en avez 150 g. Chaque recette reste dans ce que vous avez\u202f; la liste de courses compte tout le plan.',
    )
  })
  it('in English', async () => {
    await show('en')
    expect(screen.getByTestId('plan-stock')).toHaveTextContent('Poulet: the plan needs 1.75 kg over 2 days, you have 150 g.')
  })
  it('in pounds and ounces for a person who reads them', async () => {
    await show('en', undefined, 'lb')
    expect(screen.getByTestId('plan-stock')).toHaveTextContent('Poulet: the plan needs 3 lb 14 oz over 2 days, you have 5.3 oz.')
  })
})

// The plan's totals are written as the person writes numbers ("2 200", "46,2", "−27,8").
describe.each([
  ['fr', ['2\u202f172,2', '2\u202f200', '\u221227,8'], ['46,2', '+1,2']],
  ['en', ['2,172.2', '2,200', '\u221227.8'], ['46.2', '+1.2']],
] as const)('plan totals in %s', (lng, kcal, protein) => {
  it('use the locale’s digits, separators and minus sign', async () => {
    await show(lng, {
      perDay: { kcal: 2172.2, proteinG: 46.2, fatG: 70, carbsG: 250 },
      goal: { kcal: 2200, proteinG: 45, fatG: 70, carbsG: 250 },
      diff: { kcal: -27.8, proteinG: 1.2, fatG: 0, carbsG: 0 },
    })
    const rows = screen.getByTestId('plan-totals').querySelectorAll('tbody tr')
    const cells = (i: number) => [...rows[i]!.querySelectorAll('td')].map((td) => td.textContent)
    expect(cells(0)).toEqual(kcal)
    expect(cells(1)[0]).toBe(protein[0])
    expect(cells(1)[2]).toBe(protein[1])
  })
})

// "generate what is missing" is one server command, and after « Générer » focus goes
// to the progress (or the refusal), not to the page's body.
describe('asking for recipes', () => {
  const running = { requestId: 'q9', category: 'lunch_dinner', count: 2, done: 0, failed: false, reason: '', diagnosis: '', refunded: 0, running: true, createdAt: '2026-11-25T18:00:00Z' }

  function showEmpty(extra: Record<string, unknown> = {}) {
    const props = {
      ...sharedProps({ locale: 'fr' }),
      mealPrep: { id: 'm1', name: 'Semaine', foodCount: 3 },
      recipes: [],
      plan: {
        meals: [], perDay: zero, goal: macros, diff: zero, schedule: { days: [], totals: [] }, stock: [],
        missing: [{ kind: 'meal', category: 'breakfast' }, { kind: 'meal', category: 'lunch_dinner' }, { kind: 'meal', category: 'snack' }],
        generate: [{ category: 'breakfast', count: 1 }, { category: 'lunch_dinner', count: 2 }, { category: 'snack', count: 1 }],
      },
      goals: { daily: macros, defaulted: false, units: 'g' },
      generation: [],
      categories: ['breakfast', 'lunch_dinner', 'snack'],
      limits: { minCount: 1, maxCount: 10 },
      ...extra,
    }
    props.auth = { ...props.auth, user: { ...(props.auth.user as object), balance: 10 } } as typeof props.auth
    return renderPage('mealprep/recipes', MealPrepRecipes, props as never, 'fr', '/mealprep/m1/recipes')
  }

  it('says a plan that covers every meal still lacks the recipes of a varied week', async () => {
    await showEmpty({
      plan: {
        meals: [], perDay: macros, goal: macros, diff: zero, schedule: { days: [], totals: [] }, stock: [], missing: [],
        generate: [{ category: 'breakfast', count: 1 }, { category: 'lunch_dinner', count: 2 }, { category: 'snack', count: 1 }],
      },
    })
    expect(screen.getByTestId('plan-complete').textContent).toBe(fr.mealprep.plan.variety_other.replace('{{count}}', '4'))
    expect(screen.getByTestId('generate-missing')).toHaveTextContent('Générer ce qui manque (4 recettes)')
  })

  /** Inertia's visit, answered at once with success or the given field errors. */
  function answer(errors?: Record<string, string>) {
    return vi.spyOn(router, 'visit').mockImplementation((_url, options) => {
      if (errors) options?.onError?.(errors)
      else options?.onSuccess?.({} as never)
      options?.onFinish?.({} as never)
    })
  }

  afterEach(() => vi.restoreAllMocks())

  it('sends every missing meal in one request, with one idempotency key and the price shown', async () => {
    const visit = answer()
    await showEmpty()
    const button = screen.getByTestId('generate-missing')
    expect(button).toHaveTextContent('Générer ce qui manque (4 recettes)')
    await userEvent.setup().click(button)
    expect(visit).toHaveBeenCalledTimes(1)
    const [target, options] = visit.mock.calls[0]!
    expect(String(target)).toBe('/mealprep/m1/recipes/missing')
    expect(options?.method).toBe('post')
    expect(options?.data).toEqual({ count: 4, idempotencyKey: expect.any(String) })
  })

  it('moves focus to the progress after « Générer »', async () => {
    answer()
    await showEmpty({ generation: [running] })
    await userEvent.setup().click(screen.getByTestId('generate-submit'))
    expect(document.activeElement).toBe(screen.getByTestId('generation'))
  })

  it('moves focus to the refusal when « Générer » is refused', async () => {
    const message = 'Vous n’avez pas assez de jetons pour ce nombre de recettes.'
    answer({ count: message })
    await showEmpty()
    await userEvent.setup().click(screen.getByTestId('generate-submit'))
    expect(document.activeElement).toBe(screen.getByTestId('generate-error'))
  })

  // While a generation runs the page polls, and each poll reloads `errors`, which the server sends
  // empty once read: a refusal must not vanish with it.
  it('keeps both refusals while the page polls, until their form is sent again', async () => {
    const count = 'Vous n’avez pas assez de jetons pour ce nombre de recettes.'
    const missingMessage = 'Vous n’avez pas assez de jetons pour tous les repas qui manquent\u202f: rien n’a été débité.'
    await showEmpty({
      plan: {
        meals: [], perDay: macros, goal: macros, diff: zero, schedule: { days: [], totals: [] }, stock: [], missing: [],
        generate: [{ category: 'breakfast', count: 1 }],
      },
    })
    const user = userEvent.setup()
    answer({ count, tokens: count })
    await user.click(screen.getByTestId('generate-submit'))
    vi.restoreAllMocks()
    answer({ missing: missingMessage, tokens: missingMessage })
    fireEvent.click(screen.getByTestId('generate-missing'))
    // A poll's partial reload.
    await act(async () => router.replaceProp('errors', {}))
    await act(async () => router.replaceProp('generation', [running]))
    expect(screen.getByTestId('generate-error').textContent).toBe(count)
    expect(screen.getByTestId('missing-error').textContent).toBe(missingMessage)
    expect(screen.getByTestId('tokens-prompt')).toBeInTheDocument()

    // Sent again and accepted: the form's refusal goes, the other one stays.
    vi.restoreAllMocks()
    answer()
    await user.click(screen.getByTestId('generate-submit'))
    expect(screen.queryByTestId('generate-error')).toBeNull()
    expect(screen.getByTestId('missing-error').textContent).toBe(missingMessage)
  })

  it('moves focus to the refusal of « Générer ce qui manque »', async () => {
    const message = 'Vous n’avez pas assez de jetons pour tous les repas qui manquent\u202f: rien n’a été débité.'
    // The server names the tokens beside the field on a shortfall (handlers/errors.go).
    answer({ missing: message, tokens: message })
    await showEmpty()
    await userEvent.setup().click(screen.getByTestId('generate-missing'))
    expect(document.activeElement).toBe(screen.getByTestId('missing-error'))
    expect(screen.getByTestId('missing-error').textContent).toBe(message)
    expect(screen.getByTestId('tokens-prompt')).toBeInTheDocument()
  })
})
