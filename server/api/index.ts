import type { FastifyInstance } from 'fastify';
import { API_BASE } from '../../widgets/lib/constants';
import { sendProblem } from './problem';

export interface ApiOptions {
  databasePath: string;
  adminToken: string | null;
}

/**
 * The user API of SPEC 7 under /dc_api/wa_v1. Routes are registered here;
 * anything else under the prefix is a JSON 404, never the HTML page.
 */
export async function registerApi(app: FastifyInstance, _options: ApiOptions): Promise<void> {
  await app.register(
    async (api) => {
      api.setNotFoundHandler((request, reply) =>
        sendProblem(reply, 404, 'Not Found', `No API route ${request.method} ${request.url}`),
      );
    },
    { prefix: API_BASE },
  );
}
