// POST ubt/api/channel/mark (spec §7; PAGES.md §3.14): the download, promotion and ad landing pages send
// {clientType H5, channelCode, mark ''} on load. One row per call in channel_mark, with the device (fjt_did) and the
// signed-in user when there is one; the channel is attributed to the device's later first login (attribution.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '@fjt/db';
import { sql } from '@fjt/db';
import { channelMarkBody, channelMarkInput, ok, type ChannelMarkInput } from '@fjt/domain';
import { deviceIdOf } from '../../lib/device.ts';
import { envelopeOf } from '../../plugins/openapi.ts';
import { personalRoute } from '../../plugins/session.ts';

export async function recordChannelMark(
  db: Database,
  input: ChannelMarkInput,
  who: { deviceId: string | null; userId: number | null },
): Promise<void> {
  await db.execute(
    sql`INSERT INTO channel_mark (channel_code, client_type, page, device_id, user_id)
        VALUES (${input.channelCode}, ${input.clientType}, ${input.page ?? ''}, ${who.deviceId}, ${who.userId})`,
  );
}

export const channelMarkRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.post(
    '/ubt/api/channel/mark',
    {
      ...personalRoute,
      schema: {
        tags: ['tracking'],
        summary: '渠道标记：下载页、推广页、广告落地页加载时上报 {clientType: H5, channelCode, mark: ""}',
        body: channelMarkInput,
        response: { 200: envelopeOf(channelMarkBody) },
      },
    },
    async (request) => {
      await recordChannelMark(db, request.body, {
        deviceId: deviceIdOf(request),
        userId: (request as { user?: { id: number } | null }).user?.id ?? null,
      });
      return ok({});
    },
  );
};
