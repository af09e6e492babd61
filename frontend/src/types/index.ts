// Shared props the Go server (gonertia) sends with every page. Keep in step with handlers/.

export type Locale = 'fr' | 'en'
export type Role = 'USER' | 'ADMIN'

export type FeatureIcon = 'recipes' | 'macros' | 'mealprep' | 'shopping' | 'needs' | 'tokens'

/** Strings here are i18n keys, translated on the client. */
export interface FaqEntry {
  value: string
  question: string
  answer: string
}

export interface FeatureEntry {
  icon: FeatureIcon
  title: string
  description: string
}

export interface RouteEntry {
  name: string
  href: string
}

export interface DashboardRouteEntry extends RouteEntry {
  roles: Role[]
}

export interface Testimonial {
  image: string
  name: string
  userName: string
  comment: string
}

export interface AppConfig {
  availableProviders: string[]
  isOtpAvailable: boolean
  isCredentialsAvailable: boolean
  brandName: string
  brandUrl: string
  twitterUrl: string
  youtubeUrl: string
  faqList: FaqEntry[]
  featuresList: FeatureEntry[]
  mainRouteList: RouteEntry[]
  dashboardRouteList: DashboardRouteEntry[]
  testimonials: Testimonial[]
  /** Legal notice data from the server's configuration (LEGAL_*, CONTACT_EMAIL). */
  legal?: { publisher: string; address: string; director: string; host: string; contactEmail: string }
}

export interface AuthUser {
  id: string
  name: string
  surname: string
  email: string
  role: Role
  balance: number
  verified: boolean
}

/** Already translated by the server. */
export interface Flash {
  success?: string
  error?: string
}

export interface SharedProps {
  app: AppConfig
  locale: Locale
  auth: { user: AuthUser | null }
  flash: Flash
  errors: Record<string, string>
  [key: string]: unknown
}

export type PackBadge = 'most_popular' | 'best_value'

export interface TokenPack {
  id: string
  tokens: number
  priceCents: number
  currency: string
  badge: PackBadge | null
  perTokenCents: number
  tokensPerUnit: number
  discountPercent: number
}

export interface LandingProps {
  packs: TokenPack[]
}

/** A checkout as the billing pages show it. */
export interface CheckoutSummary {
  id: string
  status: 'started' | 'completed' | 'failed' | 'expired'
  packId: string
  tokens: number
  amountCents: number
  currency: string
  promoCode: string
  testMode: boolean
}

/** Props of the pages that sell packs (/buy-tokens, /buy-tokens-na, /dashboard/products). */
export interface ShopProps {
  packs: TokenPack[]
  currency: string
  currencies: string[]
  selectedPack: string
  testMode: boolean
  promo: { code: string; percent: number; eligible: boolean }
}

/** A pack as admins edit it (retired ones included). */
export interface CataloguePack {
  id: string
  tokens: number
  prices: Record<string, number>
  badge: string
  active: boolean
}

/** A recent checkout as admins see it on the products page. */
export interface RecentCheckout {
  id: string
  packId: string
  tokens: number
  amountCents: number
  currency: string
  promoCode: string
  status: CheckoutSummary['status']
  refundedCents: number
  tokensRevoked: number
  startedAt: string
}
