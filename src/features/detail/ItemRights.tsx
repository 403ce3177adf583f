import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import {
  ANONYMOUS_CREDIT,
  LICENSES,
  licenseWords,
  RIGHTS_NOT_STATED,
  type LicenseId,
} from '@/lib/license';

/**
 * Who made an item and how it may be reused (issue 31): "© {credit}, {licence}", the licence
 * linked to its deed (or to the archive's terms, for one shown here only); "Rights not stated"
 * for an item that says neither. Under it, the item's id, labelled, for whoever cites it or asks
 * about it (SPEC §2 shows the id; issue 47: never bare above the title). Credit, licence and id
 * are the archive's data: shown as text (the licence's name in the visitor's language, and the
 * archive's own "Anonymous" too).
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
        <Trans comment="The item's id in the archive, for whoever cites it or asks about it">
          Archive ID: <span translate="no">{id}</span>
        </Trans>
      </p>
    </>
  );
}

function Rights({ credit, license }: { credit: string | null; license: LicenseId | null }) {
  const { t, i18n } = useLingui();
  if (credit === null && license === null)
    return <p className="detail__rights">{i18n._(RIGHTS_NOT_STATED)}</p>;
  const deed = license === null ? null : LICENSES[license].deed;
  const words = license === null ? null : licenseWords(license);
  const external = deed !== null && deed.startsWith('https:');
  const creditName =
    credit === ANONYMOUS_CREDIT
      ? t({
          message: 'Anonymous',
          comment: 'The credit of a contributor who asked not to be named, as in "© Anonymous"',
        })
      : credit;
  return (
    <p className="detail__rights">
      {creditName === null
        ? t({
            message: 'Credit not stated',
            comment: 'Begins the credit line of an item whose maker is unknown, before its licence',
          })
        : `© ${creditName}`}
      {', '}
      {deed === null || words === null ? (
        t({
          message: 'licence not stated',
          comment:
            'Ends the credit line of an item without a licence, after "© {name}, " (small letter: it goes on the line)',
        })
      ) : external ? (
        <a href={deed} rel="license noopener noreferrer" target="_blank" title={words.name}>
          {words.short}
          <span className="visually-hidden">{` ${t`(opens in a new tab)`}`}</span>
        </a>
      ) : (
        <Link to={deed} rel="license" title={words.name}>
          {words.short}
        </Link>
      )}
    </p>
  );
}
