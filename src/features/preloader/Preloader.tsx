import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { useProgressPercent, type ProgressSource } from '@/features/preloader/globeProgress';
import { formatLocale } from '@/i18n/i18n';
import { SHARED_PICTURE_SIZE } from '@/lib/constants';
import { safeUrl } from '@/lib/url';

const percentFormats = new Map<string, Intl.NumberFormat>();

/** "57%" in English, "57 %" in Spanish: a whole percent in the active language's way. */
function percentText(value: number): string {
  const locale = formatLocale();
  // English as it always was, without building a format on the way to the first paint.
  if (locale.startsWith('en')) return `${value}%`;
  let format = percentFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
    percentFormats.set(locale, format);
  }
  return format.format(value / 100);
}

/**
 * The full-screen preloader (SPEC §2): "Loading ..." with a spinner and the globe's real image
 * progress, then "Done". It only presents; the home route decides when it shows.
 *
 * "Done" always comes with a full bar: loading is over also when the globe stops waiting for a
 * slow image host (FIRST_VIEW_WAIT_MS), and "Done" beside 57 % would read as a failure. The
 * pictures still missing arrive on the shown globe.
 *
 * The bar reads each percent from the globe's progress itself (`progress`, from `counts` on:
 * once the globe holds the whole archive), so that a report draws the preloader again and
 * nothing else of the home screen.
 *
 * `item`: the shared item being opened, as the server named it in the document's first frame,
 * its picture above its title (the same elements, so taking over that frame moves nothing and
 * draws the picture the browser already has). The title is rendered as text; the picture's
 * address passes the checked URL helper again.
 */
export function Preloader({
  progress,
  counts,
  done,
  item = null,
}: {
  progress: ProgressSource;
  counts: boolean;
  done: boolean;
  item?: { title: string; picture: string | null } | null;
}) {
  const { t } = useLingui();
  // Said once per language, not again at each percent the bar draws.
  const words = useMemo(
    () => ({
      done: t({ message: 'Done', comment: 'The preloader, once the globe has loaded' }),
      loading: t({
        message: 'Loading ...',
        comment: 'The preloader, while the globe and its images load',
      }),
      bar: t`Loading the archive's images`,
    }),
    [t],
  );
  const percent = useProgressPercent(progress);
  const value = done ? 100 : counts ? Math.max(0, Math.min(100, Math.round(percent))) : 0;
  return (
    <div className={`preloader${done ? ' preloader--done' : ''}`} data-percent={value}>
      <div className="preloader__spinner" aria-hidden="true" />
      <p className="preloader__label" role="status">
        {done ? words.done : words.loading}
      </p>
      <div
        className="preloader__bar"
        role="progressbar"
        aria-label={words.bar}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
      >
        <div className="preloader__fill" style={{ transform: `scaleX(${value / 100})` }} />
      </div>
      <p className="preloader__percent" aria-hidden="true">
        {percentText(value)}
      </p>
      {item !== null && <SharedItemLines {...item} />}
    </div>
  );
}

/** A shared item's picture and title under the preloader, as index.html's first frame drew them. */
function SharedItemLines({ title, picture }: { title: string; picture: string | null }) {
  const src = safeUrl(picture);
  return (
    <>
      {src !== null && (
        <img
          className="preloader__picture"
          src={src}
          alt=""
          {...SHARED_PICTURE_SIZE}
          crossOrigin="anonymous"
          decoding="async"
        />
      )}
      <p className="preloader__item">{title}</p>
    </>
  );
}
