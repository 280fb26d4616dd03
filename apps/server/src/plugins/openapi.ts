// OpenAPI document generated from the same zod schemas that validate requests (app.swagger()); its UI at
// /rabbit/v1/docs only when asked for (API_DOCS, on by default outside production).
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

export function envelopeOf<T extends z.ZodType>(body: T) {
  return z.object({ resultCode: z.number().int(), errMsg: z.string(), body });
}

export async function registerOpenApi(app: FastifyInstance, { ui }: { ui: boolean }) {
  await app.register(swagger, {
    openapi: {
      info: { title: '房价通 API', description: '房价通 H5 产品接口（/rabbit/v1）', version: '1.0.0' },
    },
    transform: jsonSchemaTransform,
  });
  // The UI page runs inline scripts of its own: it sends its own policy with their hashes.
  if (ui) {
    await app.register(swaggerUi, {
      routePrefix: '/rabbit/v1/docs',
      staticCSP: true,
      // its stylesheet sets inline styles, which run no code
      transformStaticCSP: (header) => header.replace(/style-src ([^;]*)/, "style-src $1 'unsafe-inline'"),
    });
  }
}
