import type { FastifyInstance } from 'fastify';
import { publicPressItem, type PressStore } from './pressStore';

/** How long a browser or a cache may keep the public list: a staff change shows within a minute. */
export const PRESS_CACHE_CONTROL = 'public, max-age=60';

/**
 * The stored press items for everyone (prefix /dc_api/wa_v1), read by <dc-press> on /press:
 *
 *   GET /press   200 an array of items in the format of /data/press.json (id, title, source,
 *                outlet_type, date, url, excerpt), the newest added first; nothing else (no staff
 *                emails, no times of the staff's changes); cacheable for a minute
 *
 * Staff read the same items with their authors at GET /staff/press (./staffRoutes).
 */
export function registerPublicPressRoutes(scope: FastifyInstance, options: { press: PressStore }): void {
  scope.get(
    '/press',
    {
      // After the API's own onSend (which marks every answer no-store): a route's hooks run last.
      onSend: async (_request, reply, payload) => {
        if (reply.statusCode === 200) reply.header('Cache-Control', PRESS_CACHE_CONTROL);
        return payload;
      },
    },
    async () => (await options.press.list()).map(publicPressItem),
  );
}
