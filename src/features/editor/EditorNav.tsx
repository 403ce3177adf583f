import { NavLink } from 'react-router';
import './EditorNav.css';

const LINKS = [
  { to: '/editor', label: 'Items', end: true },
  { to: '/editor/submissions', label: 'Submissions', end: false },
  { to: '/editor/messages', label: 'Messages', end: false },
  { to: '/editor/requests', label: 'Requests', end: false },
  { to: '/editor/journal', label: 'Journal', end: false },
  { to: '/editor/import', label: 'Import', end: false },
] as const;

/** The editor area's sections. */
export function EditorNav() {
  return (
    <nav aria-label="Editor" className="editor-nav">
      <ul>
        {LINKS.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end={link.end}>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
