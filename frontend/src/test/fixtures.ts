import type { AppConfig, AuthUser, SharedProps, TokenPack } from '../types'

// Mirrors what handlers/siteconfig.go sends; kept small and explicit.
export const appConfig: AppConfig = {
  availableProviders: ['google', 'apple'],
  isOtpAvailable: true,
  isCredentialsAvailable: true,
  brandName: 'Gamelle',
  brandUrl: 'http://localhost:8080',
  twitterUrl: 'https://twitter.com/gamelle',
  youtubeUrl: 'https://youtube.com/@gamelle',
  faqList: Array.from({ length: 9 }, (_, i) => ({
    value: `faq-${i + 1}`,
    question: `landing.faq.${i + 1}.question`,
    answer: `landing.faq.${i + 1}.answer`,
  })),
  featuresList: (['recipes', 'macros', 'mealprep', 'shopping', 'needs', 'tokens'] as const).map((icon) => ({
    icon,
    title: `landing.features.${icon}.title`,
    description: `landing.features.${icon}.description`,
  })),
  mainRouteList: [
    { name: 'nav.features', href: '/#features' },
    { name: 'nav.testimonials', href: '/#testimonials' },
    { name: 'nav.pricing', href: '/#pricing' },
    { name: 'nav.faq', href: '/#faq' },
  ],
  dashboardRouteList: [
    { name: 'nav.general', href: '/dashboard/general', roles: ['USER', 'ADMIN'] },
    { name: 'nav.account', href: '/dashboard/account', roles: ['USER', 'ADMIN'] },
    { name: 'nav.products', href: '/dashboard/products', roles: ['USER', 'ADMIN'] },
    { name: 'nav.admin', href: '/dashboard/admin', roles: ['ADMIN'] },
  ],
  testimonials: [
    ['Camille Martin', '@camille_mp'],
    ['Thomas Leroy', '@thomas_fit'],
    ['Inès Benali', '@ines_cuisine'],
    ['Lucas Moreau', '@lucas_run'],
    ['Sarah Dubois', '@sarah_d'],
    ['Julien Petit', '@julien_veg'],
  ].map(([name, userName], i) => ({
    image: `/build/avatars/${i + 1}.svg`,
    name: name ?? '',
    userName: userName ?? '',
    comment: `landing.testimonials.${i + 1}.comment`,
  })),
}

// DESIGN §6: 20 / 60 (most popular) / 150 (best value) tokens.
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
