import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useLayoutEffect, useRef } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { Logo } from '@/components/Logo';
import { AfterFirstPaint } from '@/components/useAfterFirstPaint';
import { AccountControl } from '@/features/auth/AccountControl';
import { LanguagePicker } from '@/i18n/LanguagePicker';
import { isHomePath } from '@/lib/routes';
import { letOfflineWorkerStart } from '@/offline/offlineStart';

// The offline and new-version lines, and the service worker's registration (issue 50): after the
// first paint, in a chunk of their own.
const OfflineNotices = lazy(() =>
  import('@/offline/OfflineNotices').then((module) => ({ default: module.OfflineNotices })),
);

const NAV = [
  {
    to: '/stories',
    label: msg({ message: 'Stories', comment: "The header link to the archive's stories" }),
  },
  {
    to: '/statement',
    label: msg({ message: 'About', comment: 'The header link to the page about this archive' }),
  },
  { to: '/resources', label: msg`Resources` },
  {
    to: '/submit',
    label: msg({
      message: 'Submit',
      comment: 'The header link to the form that sends media to the archive',
    }),
  },
  { to: '/contact', label: msg`Contact` },
];

/**
 * The header's height, kept in `--site-header-height` on the document: the home screen's tools sit
 * under it wherever its links wrap (a narrow phone, a larger text size, 44 px tap targets).
 */
function useHeaderHeight() {
  const headerRef = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const header = headerRef.current;
    if (!header) return;
    const root = document.documentElement.style;
    const set = () => root.setProperty('--site-header-height', `${header.offsetHeight}px`);
    // The observer reports the header's first size in the frame that lays it out, before that
    // frame paints; read here, in the commit, it would force a layout of the whole page into the
    // commit's task (17 ms of the app's first commit on a phone, CPU ÷4).
    if (typeof ResizeObserver !== 'function') {
      set();
      return;
    }
    const observer = new ResizeObserver(set);
    observer.observe(header);
    return () => observer.disconnect();
  }, []);
  return headerRef;
}

/**
 * A page other than the home screen lets the service worker start once it has loaded (the home
 * screen says so itself when the globe is shown).
 */
function useOfflineWorkerStart(home: boolean) {
  useEffect(() => {
    if (home) return;
    if (document.readyState === 'complete') {
      letOfflineWorkerStart();
      return;
    }
    window.addEventListener('load', letOfflineWorkerStart, { once: true });
    return () => window.removeEventListener('load', letOfflineWorkerStart);
  }, [home]);
}

/** The public pages' frame: the site header with its navigation, and the page. */
export function MainLayout() {
  const { t, i18n } = useLingui();
  const home = isHomePath(useLocation().pathname);
  const headerRef = useHeaderHeight();
  useOfflineWorkerStart(home);
  return (
    <div className="layout">
      {/* On the globe, the list is the keyboard's way to the items; elsewhere, the page. */}
      <a className="skip-link" href={home ? '#archive-items' : '#main'}>
        {home ? t`Skip to the archive items` : t`Skip to content`}
      </a>
      <header ref={headerRef} className="site-header">
        <Link to="/" className="site-header__brand" aria-label={t`Globe Archive, home`}>
          {/* The same drawing index.html paints before any script. */}
          <Logo width={190} height={48} />
        </Link>
        <nav
          aria-label={t({
            message: 'Site',
            comment: "The header navigation's name for screen readers",
          })}
        >
          <ul className="site-header__nav">
            {NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to}>{i18n._(item.label)}</NavLink>
              </li>
            ))}
            <AccountControl />
          </ul>
        </nav>
        <LanguagePicker />
        <AfterFirstPaint>
          <Suspense fallback={null}>
            <OfflineNotices />
          </Suspense>
        </AfterFirstPaint>
      </header>
      <main id="main" className="layout__main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
