import { useTranslation } from 'react-i18next'

/** "In season": produce in season this month in metropolitan France. */
export default function SeasonBadge() {
  const { t } = useTranslation()
  return (
    <span className="ml-2 inline-flex items-center rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-900" data-testid="in-season">
      <span aria-hidden="true">{t('mealprep.inSeason')}</span>
      <span className="sr-only">{`, ${t('mealprep.inSeasonLabel')}`}</span>
    </span>
  )
}
