// The new-house endpoints (PAGES.md §3.5, manager §3.11): each validates its query and answers 404 for an
// unknown city, area, estate, project or manager.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiError,
  managerDetailBody,
  managerDetailQuery,
  managerListBody,
  managerListQuery,
  newHouseCalendarBody,
  newHouseCalendarQuery,
  newHouseDetailBody,
  newHouseDetailQuery,
  newHouseManagersBody,
  newHouseManagersQuery,
  newHousePriceListBody,
  newHousePriceListQuery,
  newHouseReportBody,
  newHouseReportQuery,
  newHouseSearchBody,
  newHouseSearchQuery,
  ok,
  upcomingRankBody,
  upcomingRankQuery,
  type Services,
} from '@fjt/domain';
import { envelopeOf } from '../../plugins/openapi.ts';

export const UNKNOWN_PROJECT = '楼盘不存在';
export const UNKNOWN_MANAGER = '置业顾问不存在';
const UNKNOWN_CITY = '城市不存在';

function found<T>(body: T | null, message: string) {
  if (body === null) throw ApiError.notFound(message);
  return ok(body);
}

const tags = ['new-houses'];

export const newHousesRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { newHouses } = services;

  app.get(
    '/new-house/find-house-base-es',
    {
      schema: {
        tags,
        summary:
          '新房找房：按区县、板块、小区周边、关键词、总价、单价、户型、面积、销售状态与开盘时间筛选，排序，分页（每页20个）',
        querystring: newHouseSearchQuery,
        response: { 200: envelopeOf(newHouseSearchBody) },
      },
    },
    async (request) => {
      const body = await newHouses.search(request.query);
      if (!body) {
        const { districtId, plateId, estateId } = request.query;
        throw ApiError.notFound(
          estateId ? '小区不存在' : plateId ? '板块不存在' : districtId ? '区县不存在' : UNKNOWN_CITY,
        );
      }
      return ok(body);
    },
  );

  app.get(
    '/new-house/detail',
    {
      schema: {
        tags,
        summary: '楼盘详情（新）：销售状态、参考均价与更新时间、总价段、开盘交房、预售证、户型、规划、周边二手均价对比',
        querystring: newHouseDetailQuery,
        response: { 200: envelopeOf(newHouseDetailBody) },
      },
    },
    async (request) => found(await newHouses.detail(request.query.houseId), UNKNOWN_PROJECT),
  );

  app.get(
    '/new-house/price-list',
    {
      schema: {
        tags,
        summary: '楼盘价格表（新）：各户型参考总价与单价、销售状态，是否公示一房一价',
        querystring: newHousePriceListQuery,
        response: { 200: envelopeOf(newHousePriceListBody) },
      },
    },
    async (request) => found(await newHouses.priceList(request.query.houseId), UNKNOWN_PROJECT),
  );

  app.get(
    '/new-house/managers',
    {
      schema: {
        tags,
        summary: '楼盘置业顾问（新）：评分、响应率、负责项目数',
        querystring: newHouseManagersQuery,
        response: { 200: envelopeOf(newHouseManagersBody) },
      },
    },
    async (request) => found(await newHouses.managers(request.query.houseId), UNKNOWN_PROJECT),
  );

  app.get(
    '/new-house/manager/detail',
    {
      schema: {
        tags,
        summary: '置业顾问主页（新）：评分、响应率与负责的楼盘',
        querystring: managerDetailQuery,
        response: { 200: envelopeOf(managerDetailBody) },
      },
    },
    async (request) => found(await newHouses.manager(request.query.id), UNKNOWN_MANAGER),
  );

  app.get(
    '/new-house/manager/list',
    {
      schema: {
        tags,
        summary: '城市置业顾问列表（新）：按评分与响应率排序，分页（每页20位）',
        querystring: managerListQuery,
        response: { 200: envelopeOf(managerListBody) },
      },
    },
    async (request) => found(await newHouses.managerList(request.query), UNKNOWN_CITY),
  );

  app.get(
    '/new-house/calendar',
    {
      schema: {
        tags,
        summary: '开盘日历（新）：某月的开盘、拿证、摇号与交房，含参考均价与套数',
        querystring: newHouseCalendarQuery,
        response: { 200: envelopeOf(newHouseCalendarBody) },
      },
    },
    async (request) => found(await newHouses.calendar(request.query), UNKNOWN_CITY),
  );

  app.get(
    '/rank/upcoming',
    {
      schema: {
        tags,
        summary: '待开盘榜（新）：待售楼盘按摇号登记人数（热度）排行，其次按开盘时间',
        querystring: upcomingRankQuery,
        response: { 200: envelopeOf(upcomingRankBody) },
      },
    },
    async (request) => found(await newHouses.upcomingRank(request.query), UNKNOWN_CITY),
  );

  app.get(
    '/report/new-house',
    {
      schema: {
        tags,
        summary: '新房月报（新）：预售供应、开盘、存量与去化、各区参考均价对比二手挂牌均价、本月热门楼盘',
        querystring: newHouseReportQuery,
        response: { 200: envelopeOf(newHouseReportBody) },
      },
    },
    async (request) => found(await newHouses.report(request.query), UNKNOWN_CITY),
  );
};
