// Finder endpoints (PAGES.md §3.1, §3.5): 本周好房, 捡漏 and the budget-first 帮我找房.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiError,
  bargainListBody,
  bargainListQuery,
  findDistrictBody,
  findDistrictQuery,
  findPlateBody,
  findPlateQuery,
  ok,
  weekHouseBody,
  weekHouseQuery,
  type Services,
} from '@fjt/domain';
import { envelopeOf } from '../../plugins/openapi.ts';

const UNKNOWN_CITY = '城市不存在';
const UNKNOWN_DISTRICT = '区县不存在';
const tags = ['finder'];

function found<T>(body: T | null, message: string) {
  if (body === null) throw ApiError.notFound(message);
  return ok(body);
}

export const finderRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { finder } = services;

  app.get(
    '/home/week-house',
    {
      schema: {
        tags,
        summary: '本周好房（新）：本周开盘的新房，本周新上且低于小区挂牌均价的二手房',
        querystring: weekHouseQuery,
        response: { 200: envelopeOf(weekHouseBody) },
      },
    },
    async (request) => found(await finder.weekHouse(request.query), UNKNOWN_CITY),
  );

  app.get(
    '/house/bargain/list',
    {
      schema: {
        tags,
        summary: '捡漏（新）：挂牌单价低于小区近365天成交均价的在售房源，按低于比例、最新或总价排序',
        querystring: bargainListQuery,
        response: { 200: envelopeOf(bargainListBody) },
      },
    },
    async (request) =>
      found(await finder.bargains(request.query), request.query.districtId ? UNKNOWN_DISTRICT : UNKNOWN_CITY),
  );

  app.get(
    '/new-house/find-plate-12-5-2',
    {
      schema: {
        tags,
        summary: '帮我找房：按总价预算（万）找典型总价买得起的板块，可按区县、户型、面积筛选，按自住或投资排序',
        querystring: findPlateQuery,
        response: { 200: envelopeOf(findPlateBody) },
      },
    },
    async (request) =>
      found(await finder.findPlates(request.query), request.query.districtIds ? UNKNOWN_DISTRICT : UNKNOWN_CITY),
  );

  app.get(
    '/new-house/get-district-of-find-plate',
    {
      schema: {
        tags,
        summary: '帮我找房：预算内有板块可买的区县，含买得起的板块数与预算内在售套数',
        querystring: findDistrictQuery,
        response: { 200: envelopeOf(findDistrictBody) },
      },
    },
    async (request) => found(await finder.findDistricts(request.query), UNKNOWN_CITY),
  );
};
