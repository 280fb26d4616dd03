// /citylist 选择城市 (PAGES.md §3.1): pick a city, then return to the referring page under it.
import { useNavigate } from 'react-router';
import {
  cityReturnPath,
  pageTitle,
  safeRedirectPath,
  pushRecentCity,
  parseRecentCities,
  RECENT_CITIES_KEY,
  SITE_DESCRIPTION,
  type CitySummary,
} from '@fjt/domain';
import type { Route } from './+types/citylist';
import { CityPicker } from '../../features/city-picker/CityPicker.tsx';
import { rememberCity } from '../../lib/city-storage.ts';

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const cities = await context.services.geo.listCities();
  // Only a path of this site: /citylist?redirect=/.//evil.example must not send the visitor away.
  const redirect = url.searchParams.get('redirect');
  return { cities, redirect: redirect === null ? null : safeRedirectPath(redirect, '') || null };
}

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('选择城市') },
  { name: 'description', content: `选择你所在的城市，查看当地小区房价。${SITE_DESCRIPTION}` },
];

export default function CityListPage({ loaderData, matches }: Route.ComponentProps) {
  const navigate = useNavigate();
  const root = matches[0]?.data as { cityId?: number } | undefined;
  const currentCityId = root?.cityId ?? 605;

  const pick = (city: CitySummary) => {
    rememberCity(city.id);
    try {
      localStorage.setItem(
        RECENT_CITIES_KEY,
        JSON.stringify(pushRecentCity(parseRecentCities(localStorage.getItem(RECENT_CITIES_KEY)), city.id)),
      );
    } catch {
      // storage disabled: no recent list
    }
    const referrer = loaderData.redirect ?? sameOriginReferrer();
    navigate(cityReturnPath(referrer, city.id), { replace: true });
  };

  return <CityPicker cities={loaderData.cities} currentCityId={currentCityId} onPick={pick} />;
}

function sameOriginReferrer(): string | null {
  if (!document.referrer) return null;
  try {
    const url = new URL(document.referrer);
    return url.origin === window.location.origin ? `${url.pathname}${url.search}` : null;
  } catch {
    return null;
  }
}
