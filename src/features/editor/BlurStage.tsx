import { useLingui } from '@lingui/react/macro';
import type { PointerEventHandler, RefObject } from 'react';
import type { BlurRegion } from '@/lib/blurRegions';

interface Props {
  /** The photo's name in the form ("Photo 2"). */
  entry: string;
  /** Where its full-size copy is shown from; null while that is on its way. */
  src: string | null;
  regions: readonly BlurRegion[];
  /** The region being drawn, shown unnumbered after the others. */
  drawn: BlurRegion | null;
  /** No region can be added: the stage stops inviting a drag. */
  full: boolean;
  stage: RefObject<HTMLDivElement | null>;
  handlers: {
    onPointerDown: PointerEventHandler<HTMLDivElement>;
    onPointerMove: PointerEventHandler<HTMLDivElement>;
    onPointerUp: PointerEventHandler<HTMLDivElement>;
    onPointerCancel: PointerEventHandler<HTMLDivElement>;
  };
}

/** The photo to draw on, with each region shown blurred in place and numbered as listed. */
export function BlurStage({ entry, src, regions, drawn, full, stage, handlers }: Props) {
  const { t } = useLingui();
  const shown = drawn ? [...regions, drawn] : regions;
  return (
    <div
      ref={stage}
      className={`blur-dialog__stage${full ? '' : ' blur-dialog__stage--drawing'}`}
      {...handlers}
    >
      {src ? (
        <img
          src={src}
          alt={t({
            message: `${entry}, full size`,
            comment: 'A photo being blurred; {entry} names it ("Photo 2")',
          })}
          draggable={false}
        />
      ) : (
        <span className="image-list__placeholder" role="img" aria-label={entry}>
          {t`Loading the photo…`}
        </span>
      )}
      {shown.map((region, index) => (
        <span
          // Regions are only ever added at the end or removed, so the index names one.
          key={index}
          className="blur-dialog__region"
          aria-hidden="true"
          style={{
            left: `${region.x * 100}%`,
            top: `${region.y * 100}%`,
            width: `${region.width * 100}%`,
            height: `${region.height * 100}%`,
          }}
        >
          {index < regions.length ? index + 1 : ''}
        </span>
      ))}
    </div>
  );
}
