import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { NavLink } from 'react-router';
import { INBOX_CHANGED, type Page } from '@/features/editor/editorApi';
import { useEditorApi } from '@/features/editor/useEditorData';
import { countText } from '@/lib/numbers';
import './EditorNav.css';

const LINKS = [
  {
    to: '/editor',
    label: msg({
      message: 'Items',
      comment: "The editors' link to the list of the archive's items",
    }),
    end: true,
  },
  {
    to: '/editor/stories',
    label: msg({
      message: 'Stories',
      comment: "The editors' link to the archive's stories (guided tours over the globe)",
    }),
    end: false,
  },
  {
    to: '/editor/submissions',
    label: msg({
      message: 'Submissions',
      comment: "The editors' link to the media visitors sent, to review",
    }),
    end: false,
    waiting: 'submissions',
  },
  {
    to: '/editor/messages',
    label: msg({
      message: 'Messages',
      comment: "The editors' link to the messages sent with the contact form",
    }),
    end: false,
  },
  {
    to: '/editor/requests',
    label: msg({
      message: 'Requests',
      comment: "The editors' link to visitors' requests to remove or correct an item",
    }),
    end: false,
    waiting: 'requests',
  },
  {
    to: '/editor/journal',
    label: msg({
      message: 'Journal',
      comment: "The editors' link to the record of every change made to the archive",
    }),
    end: false,
  },
  {
    to: '/editor/import',
    label: msg({
      message: 'Import',
      comment: "The editors' link to the page that imports and exports archive files",
    }),
    end: false,
  },
] as const;

type Waiting = Partial<Record<'submissions' | 'requests', string>>;

/** "3", or "100+" where more pages wait. */
const countOf = (page: Page<unknown>) =>
  `${countText(page.items.length)}${page.older === null ? '' : '+'}`;

/**
 * What waits for an editor (issue 47): the submissions to review and the removal requests to
 * decide (closed ones are not counted). Read when the editor area opens, after each call that can
 * change them (`INBOX_CHANGED`: a review, a decision, a hide or a restore, on any page), and when
 * the editor comes back to the tab (others may have sent or decided meanwhile); not at every move
 * between the area's pages. A count that cannot be read is left out.
 */
function useWaiting(): Waiting {
  const api = useEditorApi();
  const [waiting, setWaiting] = useState<Waiting>({});
  const [changed, setChanged] = useState(0);
  useEffect(() => {
    const onChange = () => setChanged((n) => n + 1);
    const onVisible = () => {
      if (document.visibilityState === 'visible') onChange();
    };
    window.addEventListener(INBOX_CHANGED, onChange);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener(INBOX_CHANGED, onChange);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);
  useEffect(() => {
    let current = true;
    void Promise.allSettled([api.submissions('pending'), api.removalRequests('open')]).then(
      ([submissions, requests]) => {
        if (!current) return;
        setWaiting({
          ...(submissions.status === 'fulfilled'
            ? { submissions: countOf(submissions.value) }
            : {}),
          ...(requests.status === 'fulfilled' ? { requests: countOf(requests.value) } : {}),
        });
      },
    );
    return () => {
      current = false;
    };
  }, [api, changed]);
  return waiting;
}

/** The editor area's sections, with how many submissions and requests wait. */
export function EditorNav() {
  const { t, i18n } = useLingui();
  const waiting = useWaiting();
  return (
    <nav
      aria-label={t({
        message: 'Editor',
        comment: "The editors' area's navigation between its pages, for screen readers",
      })}
      className="editor-nav"
    >
      <ul>
        {LINKS.map((link) => {
          const count = 'waiting' in link ? waiting[link.waiting] : undefined;
          return (
            <li key={link.to}>
              <NavLink to={link.to} end={link.end}>
                {i18n._(link.label)}
                {count !== undefined && count !== '0' && (
                  <span className="editor-nav__count">
                    {' '}
                    {t({
                      message: `(${count} waiting)`,
                      comment:
                        'Beside a link of the editors\' navigation: how many submissions or requests wait for a decision ("3", or "100+")',
                    })}
                  </span>
                )}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
