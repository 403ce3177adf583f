import { useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { HomeRoute } from '@/app/routes/HomeRoute';
import { isHomePath } from '@/lib/routes';

/**
 * Every route of the main layout. The globe starts only once a home route is visited (a visitor
 * who comes for /resources on a phone does not pay for it), and from then on stays alive, hidden,
 * while the other pages show: going back to the globe is instant and keeps the view.
 */
export function HomeShell() {
  const atHome = isHomePath(useLocation().pathname);
  const [globeStarted, setGlobeStarted] = useState(atHome);
  if (atHome && !globeStarted) setGlobeStarted(true);
  return (
    <>
      {globeStarted && <HomeRoute active={atHome} />}
      {!atHome && <Outlet />}
    </>
  );
}
