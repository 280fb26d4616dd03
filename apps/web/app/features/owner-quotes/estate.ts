// The estate both quote pages show as a card: what their loaders read (the estate's public figures only, the same
// for every visitor; what is the user's is asked from the browser).
import type { EstateBasicInfo } from '@fjt/domain';
import type { EstateFigures } from '../../components/estate-card/EstateCard.tsx';

export type QuoteEstate = EstateFigures;

export function quoteEstate(basic: EstateBasicInfo | null): QuoteEstate | null {
  if (!basic) return null;
  const { id, cityId, name, districtName, plateName, listingAvg, listingMom, dealAvg, dealMom } = basic;
  return { id, cityId, name, districtName, plateName, listingAvg, listingMom, dealAvg, dealMom };
}
