import { useTranslation } from 'react-i18next'

/** The hamburger button that opens and closes a navigation menu on small screens. */
export default function MenuToggle({ open, controls, onToggle, className = '' }: { open: boolean; controls: string; onToggle: () => void; className?: string }) {
  const { t } = useTranslation()
  return (
    <button
      type="button"
      className={`rounded-full p-2 text-stone-700 hover:bg-stone-100 ${className}`}
      aria-expanded={open}
      aria-controls={controls}
      aria-label={open ? t('nav.closeMenu') : t('nav.openMenu')}
      onClick={onToggle}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" className="size-6">
        {open ? <path d="M6 6l12 12M18 6 6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
      </svg>
    </button>
  )
}
