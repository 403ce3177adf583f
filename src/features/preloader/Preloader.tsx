/**
 * The full-screen preloader (SPEC §2): "Loading ..." with a spinner and the globe's real image
 * progress, then "Done". It only presents; the home route decides when it shows.
 */
export function Preloader({ percent, done }: { percent: number; done: boolean }) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div className={`preloader${done ? ' preloader--done' : ''}`} data-percent={value}>
      <div className="preloader__spinner" aria-hidden="true" />
      <p className="preloader__label" role="status">
        {done ? 'Done' : 'Loading ...'}
      </p>
      <div
        className="preloader__bar"
        role="progressbar"
        aria-label="Loading the archive's images"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
      >
        <div className="preloader__fill" style={{ width: `${value}%` }} />
      </div>
      <p className="preloader__percent" aria-hidden="true">
        {value}%
      </p>
    </div>
  );
}
