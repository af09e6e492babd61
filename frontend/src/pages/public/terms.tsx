import LegalPage from '../../components/legal-page'

const sections = ['service', 'account', 'tokens', 'liability', 'changes'] as const

const keyed = sections.map((id) => ({
  id,
  title: `terms.sections.${id}.title` as const,
  body: `terms.sections.${id}.body` as const,
}))

export default function Terms() {
  return <LegalPage ns="terms" sections={keyed} />
}
