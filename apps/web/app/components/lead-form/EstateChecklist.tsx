// A checkable list of estates (the deal-price modal's recommendations, the order sheet's estates): each row shows
// name, 室厅, ㎡, 万/㎡ and 万, '--' where missing (spec §2); the box toggles it, the row's text opens the estate.
import { MISSING_VALUE, roomLabel, roundTo, type RecommendedEstate } from '@fjt/domain';
import { decimal } from '../../lib/display.ts';
import { EstateCover } from '../estate-cover/EstateCover.tsx';

const orMissing = (v: number | null, text: (v: number) => string) => (v === null ? MISSING_VALUE : text(v));

/** 元/㎡ → '2.94万/㎡'. */
export function unitPriceWan(avgPrice: number | null): string {
  return orMissing(avgPrice, (v) => `${decimal(v / 10_000, 2)}万/㎡`);
}

export function EstateChecklist({
  estates,
  checked,
  onToggle,
  hrefOf,
  onOpen,
}: {
  estates: RecommendedEstate[];
  checked: ReadonlySet<number>;
  onToggle: (id: number) => void;
  /** Where the estate itself (not its box) leads; none: the row only toggles. */
  hrefOf?: (estate: RecommendedEstate) => string;
  /** Called instead of following the link (the modal closes first). */
  onOpen?: (href: string) => void;
}) {
  return (
    <ul className="lead-estates" data-testid="lead-estates">
      {estates.map((e) => {
        const facts = (
          <>
            <EstateCover id={e.id} name={e.houseName} />
            <span className="lead-estate__text">
              <strong className="lead-estate__name">{e.houseName}</strong>
              <span className="lead-estate__facts num">
                <span>{roomLabel(e.roomCount, e.livingRoomCount)}</span>
                <span>{orMissing(e.area, (v) => `${roundTo(v, 2)}㎡`)}</span>
                <span>{unitPriceWan(e.avgPrice)}</span>
              </span>
            </span>
            <span className="lead-estate__total num">
              {orMissing(e.totalPriceMillion, (v) => `${roundTo(v, 2)}万`)}
            </span>
          </>
        );
        return (
          <li key={e.id} className="lead-estate" data-testid="lead-estate">
            <input
              type="checkbox"
              className="lead-estate__check"
              checked={checked.has(e.id)}
              onChange={() => onToggle(e.id)}
              aria-label={`一起咨询${e.houseName}`}
            />
            {hrefOf ? (
              <a
                className="lead-estate__open"
                href={hrefOf(e)}
                onClick={(event) => {
                  if (!onOpen) return;
                  event.preventDefault();
                  onOpen(hrefOf(e));
                }}
              >
                {facts}
              </a>
            ) : (
              <span className="lead-estate__open">{facts}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
