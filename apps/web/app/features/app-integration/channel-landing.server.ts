// The loader of the channel landing pages (/promotion?channel, /activity/hw-pps): the city's overview for the
// price card, public data painted by the server; ?cityId picks the city, else the default one.
import { data } from 'react-router';
import { resolveCityId, type RouterContext } from '@fjt/domain';

export async function channelLandingLoader({ request, context }: { request: Request; context: RouterContext }) {
  const url = new URL(request.url);
  const cityId = resolveCityId({ pathCity: undefined, queryCityId: url.searchParams.get('cityId') });
  const overview = await context.services.market.cityOverview(cityId);
  if (!overview) throw data(null, { status: 404 });
  return { overview };
}
