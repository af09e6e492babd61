// Props of the onboarding page, as handlers/onboarding.go sends them.

export type OnboardingStep = 1 | 2 | 3 | 4
export type Diet = 'omnivore' | 'vegetarian' | 'vegan'
export type Objective = 'weight_loss' | 'muscle_gain' | 'recomposition' | 'maintenance'
export type MacroPresetName = 'default' | 'high_protein' | 'high_carbs' | 'low_carbs' | 'balanced'

export interface MacroSplit {
  protein: number
  fat: number
  carbs: number
}

export interface OnboardingAnswers {
  email: string
  diet: Diet | ''
  objective: Objective | ''
  macroPreset: MacroPresetName | ''
}

export interface OnboardingProps {
  step: OnboardingStep
  answers: OnboardingAnswers
  options: {
    diets: Diet[]
    objectives: Objective[]
    presets: { name: MacroPresetName; split: MacroSplit }[]
  }
  /** Only on the last step. */
  promo: { code: string; percent: number } | null
  video: { src: string; captions: Record<'fr' | 'en', string> }
}
