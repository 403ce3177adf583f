import { useLingui } from '@lingui/react/macro';
import { Link, Navigate, Outlet } from 'react-router';
import { useAppSelector } from '@/app/hooks';
import { AccountControl } from '@/features/auth/AccountControl';
import { LanguagePicker } from '@/i18n/LanguagePicker';
import { selectIsEditor } from '@/features/auth/authSlice';
import { useSessionChecked } from '@/features/auth/useSessionChecked';
import { EditorNav } from '@/features/editor/EditorNav';
import './EditorLayout.css';

/**
 * The editor area's frame. SPEC §2 guard: entering it loads the stored session first (refreshed
 * if expired); without one that grants editor access the visitor is sent home, and nothing of the
 * editor renders before that is known.
 */
export function EditorLayout() {
  const { t } = useLingui();
  const isEditor = useAppSelector(selectIsEditor);
  const checked = useSessionChecked();

  if (!checked)
    return (
      <p className="guard-check" role="status">
        {t`Checking your access…`}
      </p>
    );
  if (!isEditor) return <Navigate to="/" replace />;
  return (
    <div className="layout layout--editor">
      <header className="site-header">
        <Link to="/" className="site-header__brand">
          Globe Archive
        </Link>
        <span className="site-header__area">
          {t({
            message: 'Editor',
            comment: "The editors' area's name in its header, beside the archive's name",
          })}
        </span>
        <EditorNav />
        <nav
          aria-label={t({
            message: 'Account',
            comment: "The editors' header navigation with the account's links, for screen readers",
          })}
        >
          <ul className="site-header__nav">
            <AccountControl editorLink={false} />
          </ul>
        </nav>
        <LanguagePicker />
      </header>
      <main id="main" className="layout__main">
        <Outlet />
      </main>
    </div>
  );
}
