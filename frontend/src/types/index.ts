// The props the Go server sends are generated from its structs (props.gen.ts, by
// `gamelle types --ts`); this module only gives some of them the names the components use.
export type {
  AuthUser,
  Badge as PackBadge,
  CatalogPack as CataloguePack,
  CheckoutView as CheckoutSummary,
  FaqEntry,
  FeatureEntry,
  FeatureIcon,
  Flash,
  Locale,
  PageComponent,
  PageProps,
  RecentCheckout,
  Role,
  RouteEntry,
  SharedProps,
  SiteConfig as AppConfig,
  TokenPack,
} from './props.gen'
export type { BillingBuyTokensProps as ShopProps, PublicLandingProps as LandingProps } from './props.gen'
