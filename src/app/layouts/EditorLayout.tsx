import { Link, Navigate, Outlet } from 'react-router';
import { useAppSelector } from '@/app/hooks';
import { selectIsEditor } from '@/features/auth/authSlice';

/**
 * The editor area's frame. SPEC §2 guard: without a session that grants editor access the visitor
 * is sent home before anything of the editor renders.
 */
export function EditorLayout() {
  const isEditor = useAppSelector(selectIsEditor);
  if (!isEditor) return <Navigate to="/" replace />;
  return (
    <div className="layout layout--editor">
      <header className="site-header">
        <Link to="/" className="site-header__brand">
          Globe Archive
        </Link>
        <span className="site-header__area">Editor</span>
      </header>
      <main id="main" className="layout__main">
        <Outlet />
      </main>
    </div>
  );
}
