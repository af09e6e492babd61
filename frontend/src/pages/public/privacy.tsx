import LegalPage from '../../components/legal-page'

const sections = ['data', 'use', 'payments', 'cookies', 'rights'] as const

export default function Privacy() {
  return <LegalPage ns="privacy" sections={sections} />
}
