// Props of the onboarding page, generated from handlers/props.go (props.gen.ts).
import type { OnboardingAnswers, OnboardingIndexProps, OnboardingStep } from './props.gen'

export type { Diet, MacroPreset as MacroPresetName, Objective, OnboardingAnswers, OnboardingStep, Split as MacroSplit } from './props.gen'
export type OnboardingProps = OnboardingIndexProps
export type { OnboardingAnswers as Answers, OnboardingStep as Step }
