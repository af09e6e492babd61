import type { ReactNode } from 'react'
import type { FeatureIcon as FeatureIconName } from '../types'

// Simple 24px stroke icons, one per feature card in the site configuration.
const paths: Record<FeatureIconName, ReactNode> = {
  recipes: (
    <>
      <path d="M4 11h16a8 8 0 0 1-16 0Z" />
      <path d="M9 7c0-1.5 1-2 1-3.5M14 7c0-1.5 1-2 1-3.5" />
    </>
  ),
  macros: (
    <>
      <path d="M12 3a9 9 0 1 0 9 9h-9Z" />
      <path d="M15 3.5A9 9 0 0 1 20.5 9H15Z" />
    </>
  ),
  mealprep: (
    <>
      <rect x="3" y="7" width="18" height="13" rx="3" />
      <path d="M3 12h18M12 12v8M9 7V5h6v2" />
    </>
  ),
  shopping: (
    <>
      <path d="M3 4h2l2.2 10.5a2 2 0 0 0 2 1.5h7.6a2 2 0 0 0 2-1.5L20 8H6.2" />
      <circle cx="10" cy="20" r="1.2" />
      <circle cx="17" cy="20" r="1.2" />
    </>
  ),
  needs: (
    <>
      <path d="M12 20s-7-4.3-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.7-7 10-7 10Z" />
      <path d="M7.5 12h3l1-2 1.5 4 1-2h2.5" />
    </>
  ),
  tokens: (
    <>
      <ellipse cx="12" cy="7" rx="7" ry="3" />
      <path d="M5 7v5c0 1.7 3.1 3 7 3s7-1.3 7-3V7M5 12v5c0 1.7 3.1 3 7 3s7-1.3 7-3v-5" />
    </>
  ),
}

export default function FeatureIcon({ name, className = 'size-6' }: { name: FeatureIconName; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      {paths[name] ?? paths.recipes}
    </svg>
  )
}
