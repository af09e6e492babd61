import type { Flash, SharedProps } from './index'

declare module '@inertiajs/core' {
  export interface InertiaConfig {
    sharedPageProps: SharedProps
    flashDataType: Flash
  }
}
