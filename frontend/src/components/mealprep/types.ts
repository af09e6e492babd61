import type { Units } from '../../lib/units'

/** The meal prep every meal-prep page receives. */
export interface MealPrepHead {
  id: string
  name: string
  foodCount?: number
}

/** Macros of a recipe, a target or a day. */
export interface Macros {
  kcal: number
  proteinG: number
  fatG: number
  carbsG: number
}

/** Nutrition of a recipe (whole or per serving). */
export interface Nutrition extends Macros {
  satFatG: number
  fibreG: number
  sugarsG: number
  saltG: number
  sodiumMg: number
}

export type Category = 'breakfast' | 'lunch_dinner' | 'snack'

/** A recipe as the recipes and recipe pages receive it. */
export interface RecipeView {
  id: string
  requestId: string
  name: string
  category: Category
  servings: number
  ingredients: { foodCode: number; name: string; grams: number }[]
  target: Macros
  nutrition: Nutrition
  perServing: Nutrition
  withinTolerance: boolean
  refunded: boolean
  explanation: string
  durationMin: number
  price: number
  currency: string
  healthScore: number | null
  healthGrade: string
  generator: string
  steps: string[]
}

/** A generation request's progress (the `generation` prop the recipes page polls). */
export interface GenerationView {
  requestId: string
  category: Category
  count: number
  done: number
  failed: boolean
  reason: string
  refunded: number
  running: boolean
}

export interface Settings {
  units: Units
  diet?: string
  currency?: string
}
