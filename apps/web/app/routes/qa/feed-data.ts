// What /{city}/questions and /{city}/qa-list/{houseId} read on the server: the city (and estate), and the first
// page of question-answer/list for the tab and topic in the URL. An unknown tab or topic is the default, not a 404.
import { data } from 'react-router';
import {
  NOT_FOUND_MESSAGE,
  QA_TABS,
  QA_TOPIC_KEYS,
  parseCityId,
  parseId,
  type QaTab,
  type Services,
} from '@fjt/domain';

export async function feedData(
  services: Services,
  params: { city?: string; houseId?: string },
  request: Request,
  withEstate: boolean,
) {
  const cityId = parseCityId(params.city);
  if (cityId === null) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  const search = new URL(request.url).searchParams;
  const tabParam = search.get('tab');
  const tab: QaTab = (QA_TABS as readonly string[]).includes(tabParam ?? '') ? (tabParam as QaTab) : 'hot';
  const topicParam = search.get('topic');
  const topic = (QA_TOPIC_KEYS as readonly string[]).includes(topicParam ?? '') ? topicParam : null;
  const estateId = withEstate ? parseId(params.houseId) : null;
  if (withEstate && estateId === null) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  const [city, estate] = await Promise.all([
    services.geo.getCity(cityId),
    estateId === null ? null : services.estates.basicInfo(estateId),
  ]);
  if (!city) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  if (estateId !== null && (!estate || estate.cityId !== cityId))
    throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  const first = await services.qa.list({
    cityId,
    ...(estateId !== null ? { estateId } : {}),
    tab,
    ...(topic ? { topic: topic as (typeof QA_TOPIC_KEYS)[number] } : {}),
    page: 1,
  });
  return { cityId, cityName: city.name, tab, topic, first, estate };
}
