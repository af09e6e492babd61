import LegalPage from '../../components/legal-page'

const sections = ['data', 'use', 'payments', 'cookies', 'rights'] as const

const keyed = sections.map((id) => ({
  id,
  title: `privacy.sections.${id}.title` as const,
  body: `privacy.sections.${id}.body` as const,
}))

export default function Privacy() {
  return <LegalPage ns="privacy" sections={keyed} />
}
