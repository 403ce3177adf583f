import { Link } from 'react-router';

/** Any path the app does not know. */
export function NotFoundPage() {
  return (
    <div className="page">
      <h1>Page not found</h1>
      <p>There is nothing at this address. It may have moved, or the link may be mistyped.</p>
      <p>
        <Link to="/">Back to the archive</Link>
      </p>
    </div>
  );
}
