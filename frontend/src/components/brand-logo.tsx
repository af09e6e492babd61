interface BrandLogoProps {
  name: string
  className?: string
}

/** The Gamelle mark (a lunchbox) followed by the brand name. */
export default function BrandLogo({ name, className = '' }: BrandLogoProps) {
  return (
    <span className={`inline-flex items-center gap-2 font-bold tracking-tight text-stone-900 ${className}`}>
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8 shrink-0">
        <rect x="3" y="9" width="26" height="18" rx="5" className="fill-brand-700" />
        <rect x="3" y="9" width="26" height="7" rx="3.5" className="fill-brand-500" />
        <path d="M11 9V7a2 2 0 0 1 2-2h6a2 2 0 0 1 2 2v2" fill="none" strokeWidth="2.5" className="stroke-brand-800" />
        <circle cx="16" cy="20.5" r="3" className="fill-accent-400" />
      </svg>
      <span className="text-xl">{name}</span>
    </span>
  )
}
