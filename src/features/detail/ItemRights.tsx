import { Link } from 'react-router';
import { LICENSES, RIGHTS_NOT_STATED, type LicenseId } from '@/lib/license';

/**
 * Who made an item and how it may be reused (issue 31): "© {credit}, {licence}", the licence
 * linked to its deed (or to the archive's terms, for one shown here only); "Rights not stated"
 * for an item that says neither. Under it, the item's id, labelled, for whoever cites it or asks
 * about it (SPEC §2 shows the id; issue 47: never bare above the title). Credit, licence and id
 * are the archive's data: shown as text.
 */
export function ItemRights({
  credit,
  license,
  id,
}: {
  credit: string | null;
  license: LicenseId | null;
  id: string;
}) {
  return (
    <>
      <Rights credit={credit} license={license} />
      <p className="detail__id">
        Archive ID: <span translate="no">{id}</span>
      </p>
    </>
  );
}

function Rights({ credit, license }: { credit: string | null; license: LicenseId | null }) {
  if (credit === null && license === null)
    return <p className="detail__rights">{RIGHTS_NOT_STATED}</p>;
  const terms = license === null ? null : LICENSES[license];
  const external = terms !== null && terms.deed.startsWith('https:');
  return (
    <p className="detail__rights">
      {credit === null ? 'Credit not stated' : `© ${credit}`}
      {', '}
      {terms === null ? (
        'licence not stated'
      ) : external ? (
        <a href={terms.deed} rel="license noopener noreferrer" target="_blank" title={terms.name}>
          {terms.short}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      ) : (
        <Link to={terms.deed} rel="license" title={terms.name}>
          {terms.short}
        </Link>
      )}
    </p>
  );
}
