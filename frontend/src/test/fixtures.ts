import type { AppConfig, AuthUser, SharedProps, TokenPack } from '../types'

// Mirrors what handlers/siteconfig.go sends; kept small and explicit.
export const appConfig: AppConfig = {
  availableProviders: ['google', 'apple'],
  legal: { publisher: 'Gamelle SAS', address: '1 rue de Paris, 75001 Paris', director: 'Camille Martin', host: 'Example Host', contactEmail: 'contact@example.fr' },
  isOtpAvailable: true,
  isCredentialsAvailable: true,
  brandName: 'Gamelle',
  brandUrl: 'http://localhost:8080',
  twitterUrl: 'https://twitter.com/gamelle',
  youtubeUrl: 'https://youtube.com/@gamelle',
  faqList: ([1, 2, 3, 4, 5, 6, 7, 8, 9] as const).map((i) => ({
    value: `faq-${i}`,
    question: `landing.faq.${i}.question` as const,
    answer: `landing.faq.${i}.answer` as const,
  })),
  featuresList: (['recipes', 'macros', 'mealprep', 'shopping', 'needs', 'tokens'] as const).map((icon) => ({
    icon,
    title: `landing.features.${icon}.title`,
    description: `landing.features.${icon}.description`,
  })),
  mainRouteList: [
    { name: 'nav.features', route: 'index', hash: 'features', roles: [] },
    { name: 'nav.proof', route: 'index', hash: 'proof', roles: [] },
    { name: 'nav.pricing', route: 'index', hash: 'pricing', roles: [] },
    { name: 'nav.faq', route: 'index', hash: 'faq', roles: [] },
  ],
  dashboardRouteList: [
    { name: 'nav.general', route: 'dashboard.general', roles: ['USER', 'ADMIN'] },
    { name: 'nav.account', route: 'dashboard.account', roles: ['USER', 'ADMIN'] },
    { name: 'nav.settings', route: 'dashboard.settings', roles: ['USER', 'ADMIN'] },
    { name: 'nav.products', route: 'dashboard.products', roles: ['USER', 'ADMIN'] },
    { name: 'nav.admin', route: 'dashboard.admin', roles: ['ADMIN'] },
  ],
}

// docs/product.md: 20 / 60 (most popular) / 150 (best value) tokens.
export const packs: TokenPack[] = [
  { id: 'pack-20', tokens: 20, priceCents: 499, currency: 'EUR', badge: null, perTokenCents: 24.95, tokensPerUnit: 4.008, discountPercent: 0 },
  { id: 'pack-60', tokens: 60, priceCents: 1199, currency: 'EUR', badge: 'most_popular', perTokenCents: 19.983, tokensPerUnit: 5.004, discountPercent: 20 },
  { id: 'pack-150', tokens: 150, priceCents: 2499, currency: 'EUR', badge: 'best_value', perTokenCents: 16.66, tokensPerUnit: 6.002, discountPercent: 33 },
]

export const user: AuthUser = {
  id: 'u-1',
  name: 'Camille',
  surname: 'Martin',
  email: 'camille@example.fr',
  role: 'USER',
  balance: 2,
  verified: true,
}

export function sharedProps(overrides: Partial<SharedProps> = {}): SharedProps {
  return { app: appConfig, locale: 'fr', auth: { user: null }, flash: {}, errors: {}, ...overrides }
}
