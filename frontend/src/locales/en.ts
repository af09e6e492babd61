import type { LocaleMessages } from './types'
import { enCore } from './core/en'
import { publicEn } from './public/en'
import { authEn } from './auth/en'
import { adminEn } from './admin/en'
import { billingEn } from './billing/en'
import { shoppingEn } from './shopping/en'
import { batchcookEn } from './batchcook/en'
import { onboardingEn } from './onboarding/en'
import { mealprepEn } from './mealprep/en'
import { profileEn } from './profile/en'
import { needsGuideEn } from './needs/en'

/** Every message: the core and each area's. */
export const en: LocaleMessages = {
  ...enCore,
  ...publicEn,
  ...onboardingEn,
  ...billingEn,
  ...adminEn,
  ...shoppingEn,
  ...batchcookEn,
  ...mealprepEn,
  ...profileEn,
  ...needsGuideEn,
  ...authEn,
}
