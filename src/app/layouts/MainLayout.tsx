import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { Logo } from '@/components/Logo';
import { AccountControl } from '@/features/auth/AccountControl';
import { isHomePath } from '@/lib/routes';

const NAV = [
  { to: '/statement', label: 'About' },
  { to: '/resources', label: 'Resources' },
  { to: '/submit', label: 'Submit' },
  { to: '/contact', label: 'Contact' },
];

/** The public pages' frame: the site header with its navigation, and the page. */
export function MainLayout() {
  const home = isHomePath(useLocation().pathname);
  return (
    <div className="layout">
      {/* On the globe, the list is the keyboard's way to the items; elsewhere, the page. */}
      <a className="skip-link" href={home ? '#archive-items' : '#main'}>
        {home ? 'Skip to the archive items' : 'Skip to content'}
      </a>
      <header className="site-header">
        <Link to="/" className="site-header__brand" aria-label="Globe Archive, home">
          {/* The same drawing index.html paints before any script. */}
          <Logo width={190} height={48} />
        </Link>
        <nav aria-label="Site">
          <ul className="site-header__nav">
            {NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to}>{item.label}</NavLink>
              </li>
            ))}
            <AccountControl />
          </ul>
        </nav>
      </header>
      <main id="main" className="layout__main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
