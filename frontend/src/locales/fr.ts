// French is the reference locale: en.ts must have exactly the same keys (see locales.test.ts).
import { frCore } from './core/fr'
import { publicFr } from './public/fr'
import { authFr } from './auth/fr'
import { adminFr } from './admin/fr'
import { billingFr } from './billing/fr'
import { shoppingFr } from './shopping/fr'
import { batchcookFr } from './batchcook/fr'
import { onboardingFr } from './onboarding/fr'
import { mealprepFr } from './mealprep/fr'
import { profileFr } from './profile/fr'
import { needsGuideFr } from './needs/fr'

/** Every message: the core and each area's. */
export const fr = {
  ...frCore,
  ...publicFr,
  ...onboardingFr,
  ...billingFr,
  ...adminFr,
  ...shoppingFr,
  ...batchcookFr,
  ...mealprepFr,
  ...profileFr,
  ...needsGuideFr,
  ...authFr,
} as const
