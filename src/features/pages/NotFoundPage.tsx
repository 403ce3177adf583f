import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';

/** Any path the app does not know. */
export function NotFoundPage() {
  const { t } = useLingui();
  return (
    <div className="page">
      <h1>{t`Page not found`}</h1>
      <p>{t`There is nothing at this address. It may have moved, or the link may be mistyped.`}</p>
      <p>
        <Link to="/">{t`Back to the archive`}</Link>
      </p>
    </div>
  );
}
