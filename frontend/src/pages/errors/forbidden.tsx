import ErrorPage from '../../components/error-page'

export default function Forbidden() {
  return <ErrorPage kind="forbidden" status={403} />
}
