import type { ResolvedComponent } from '@inertiajs/react'

type PageModule = { default: ResolvedComponent }

// Pages are `pages/<area>/<name>.tsx`; the Inertia component name is `<area>/<name>`.
const pages = import.meta.glob<PageModule>(['../pages/**/*.tsx', '!../pages/**/*.test.tsx'])

export function pageNames(): string[] {
  return Object.keys(pages).map((path) => path.replace('../pages/', '').replace(/\.tsx$/, ''))
}

export async function resolvePage(name: string): Promise<ResolvedComponent> {
  const load = pages[`../pages/${name}.tsx`]
  if (!load) throw new Error(`Unknown page component: ${name}`)
  return (await load()).default
}
