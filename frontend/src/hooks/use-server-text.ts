import { usePageProps } from './use-page-props'
import { useLocale } from './use-locale'

/**
 * A text the server translated (a validation error, a flash message) in the language now
 * shown. The server sends such texts in the request's language and, in `serverTexts`, their
 * version in every locale, so they follow the FR/EN switch, which does not ask the server
 * again. A text it has no versions for is returned as is.
 */
export function useServerText(text: string | undefined): string | undefined {
  const locale = useLocale()
  const texts = usePageProps().serverTexts
  if (!text) return text
  return texts?.[text]?.[locale] ?? text
}
