import rateLimit from '@fastify/rate-limit';
import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { API_BASE } from '../../shared/constants';
import { openStores } from '../db/openStores';
import { createMailDelivery, type MailDelivery } from '../contactRequests/delivery';
import { formPageRenderer } from '../contactRequests/formPage';
import { smtpMailer, type ContactRequestMailer } from '../contactRequests/mail';
import { contactRequestRetention } from '../contactRequests/retention';
import type { ContactRequestStore } from '../contactRequests/store';
import type { ContactRequestSettings } from '../config';
import { registerAccountRoutes } from '../accounts/index';
import { registerStaffRoutes } from '../staff/index';
import { registerPublicPressRoutes } from '../press/publicRoutes';
import { registerPasskeyScope } from '../passkeys/index';
import { linkMails } from '../accounts/linkMails';
import { registerTokenPages } from '../accounts/tokenPages';
import { DEFAULT_ACCOUNT_SETTINGS, type AccountSettings } from '../accounts/settings';
import { DEFAULT_HASH_QUEUE_WAITING, HashQueue, defaultHashConcurrency, type HashQueueOptions } from '../users/hashQueue';
import type { ScryptCost } from '../users/password';
import type { UserStore } from '../users/store';
import { API_MESSAGES, JsonBodyError, NullBodyError, sendApiError } from './errors';
import { DEFAULT_ADMIN_AUTH_RATE_LIMIT, requireAdmin, type AdminGuard } from './adminAuth';
import { sendProblem } from './problem';
import { databaseWindowLimit, memoryWindowLimit, type WindowLimit } from './windowLimit';
import { registerContactRoutes } from '../contactRequests/routes';
import type { RouteRateLimit } from './routeRateLimit';
import { DEFAULT_REGISTER_GLOBAL_RATE_LIMIT, registerUserRoutes } from './users';

export { API_MESSAGES };

export interface ApiOptions {
  /** SQLite file of the default store (created and migrated at start). */
  databasePath: string;
  /** DATABASE_URL: a postgres:// URL puts the stores in PostgreSQL (see ../db/openStores); null for SQLite. */
  databaseUrl?: string | null;
  /** DC_ADMIN_TOKEN; null when not configured: then every administrator route answers 401. */
  adminToken: string | null;
  /** A store to use instead of opening the SQLite file (another database, tests). Not closed by the API. */
  store?: UserStore;
  /** Register rate limit per client IP (default 10 per 10 minutes). */
  registerRateLimit?: RouteRateLimit;
  /** Register limit for all clients together, on sign-ups that reach hashing (default 60 per minute). */
  registerGlobalRateLimit?: RouteRateLimit;
  /** Hashes at once and waiting (default: ../users/hashQueue's defaults). */
  hashQueue?: HashQueueOptions;
  /** Wrong administrator tokens allowed per client IP (default 10 per minute). */
  adminAuthRateLimit?: RouteRateLimit;
  /** Password hashing (default: scrypt at `passwordCost`, ../users/password). */
  hashPassword?: (password: string) => Promise<string>;
  /** The scrypt cost of new hashes (default SCRYPT_PARAMS; the server passes config.passwordCost). */
  passwordCost?: ScryptCost;
  /** Built site (the page a refused no-JavaScript form post is answered with). */
  distDir: string;
  /** Contact request delivery and retention settings (server/config.ts). */
  contactRequests: ContactRequestSettings;
  /** POST /contact limit per client IP (default 5 per 10 minutes). */
  contactRateLimit?: RouteRateLimit;
  /** A contact request store to use instead of the SQLite file (another database, tests). Not closed by the API. */
  contactRequestStore?: ContactRequestStore;
  /** A mailer to use instead of SMTP_URL (tests). */
  contactRequestMailer?: ContactRequestMailer;
  /** Sessions and sign-in limits (server/accounts/settings.ts). */
  accounts?: AccountSettings;
}

/**
 * The user API of SPEC 7 and the contact request API (../contactRequests/routes) under /dc_api/wa_v1, in its own encapsulated scope:
 * - bodies are JSON only (anything else is 415); an empty body, with or without a JSON content
 *   type, is "no body" (that is how `PATCH /user/{id}` deactivates); a JSON `null` is refused;
 * - every route declares TypeBox schemas for its body, params, querystring and responses; a
 *   failure is answered by ./schemaErrors with the field-named SPEC 8 messages;
 * - every error, from the framework or the routes, is an RFC 9457 problem with a `message`;
 *   bad input is never a 500;
 * - anything else under the prefix is a JSON 404, never the HTML page.
 */
/** What the API opened that the server's operations parts read (readiness, metrics). */
export interface ApiHandles {
  contactRequests: ContactRequestStore;
  /** Contact requests are mailed (SMTP or a test mailer configured). */
  mailing: boolean;
  /** The administrator guard of every admin route (./adminAuth), for /metrics on the main port. */
  adminOnly: AdminGuard;
}

export async function registerApi(app: FastifyInstance, options: ApiOptions): Promise<ApiHandles> {
  const stores =
    options.store && options.contactRequestStore
      ? null
      : await openStores({
          databasePath: options.databasePath,
          databaseUrl: options.databaseUrl ?? null,
          messageIdDomain: options.contactRequests.messageIdDomain,
        });
  const store = options.store ?? stores!.users;
  const contactRequestStore = options.contactRequestStore ?? stores!.contactRequests;
  if (stores) app.log.info({ database: stores.kind, location: stores.location }, 'API storage');
  const mailer = options.contactRequestMailer ?? (options.contactRequests.smtpUrl ? smtpMailer(options.contactRequests.smtpUrl) : null);
  let delivery: MailDelivery | null = null;
  if (mailer) {
    delivery = createMailDelivery({
      outbox: contactRequestStore.outbox,
      mailer,
      addresses: { to: options.contactRequests.to, from: options.contactRequests.from },
      retry: options.contactRequests.retry,
      pollMs: options.contactRequests.pollMs,
      leaseMs: options.contactRequests.leaseMs,
      log: app.log,
    });
  } else {
    app.log.warn('SMTP_URL is not set: contact and consultation requests are stored in the database but not mailed.');
  }
  const retention = contactRequestRetention({ store: contactRequestStore, audit: stores?.staff, days: options.contactRequests.retentionDays, log: app.log });
  app.addHook('onReady', async () => {
    retention.start();
    delivery?.start();
  });
  app.addHook('onClose', async () => {
    retention.stop();
    await delivery?.stop();
    mailer?.close();
    await stores?.close();
  });
  // Limits that must hold across instances: in the database with PostgreSQL, else in the process.
  const windowLimit = (name: string, limit: RouteRateLimit): WindowLimit =>
    stores?.kind === 'postgres' ? databaseWindowLimit(stores.signInFailures, name, limit) : memoryWindowLimit(limit);
  const adminLimit = options.adminAuthRateLimit ?? DEFAULT_ADMIN_AUTH_RATE_LIMIT;
  const adminOnly = requireAdmin(options.adminToken, windowLimit('admin-token', adminLimit));
  const signUpsOverall = windowLimit('sign-ups', options.registerGlobalRateLimit ?? DEFAULT_REGISTER_GLOBAL_RATE_LIMIT);
  const accountSettings = options.accounts ?? DEFAULT_ACCOUNT_SETTINGS;
  const links = stores ? linkMails(stores.accounts, accountSettings, () => delivery?.kick()) : null;
  // The mail of an added or removed passkey, the same for the account page, the console and an enrollment link.
  const passkeyNotices = stores ? { outbox: stores.accounts.mails, kick: () => delivery?.kick(), siteUrl: accountSettings.siteUrl, staff: stores.staff } : null;
  if (stores) registerTokenPages(app, { distDir: options.distDir, accounts: stores.accounts, staff: stores.staff });
  if (options.adminToken === null) {
    app.log.warn('DC_ADMIN_TOKEN is not set: the administrator routes of the user API answer 401 to every request.');
  }

  await app.register(
    async (api) => {
      api.removeAllContentTypeParsers();
      const parseJson = api.getDefaultJsonParser('error', 'error');
      api.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
        const text = body as string;
        if (text.trim() === '') {
          done(null, undefined);
          return;
        }
        void parseJson(request, text, (error, value) => {
          // secure-json-parse refuses __proto__/constructor keys; that is bad input too.
          if (error) done(new JsonBodyError(API_MESSAGES.badJson), undefined);
          else if (value === null) done(new NullBodyError(), undefined);
          else done(null, value);
        });
      });

      // Route schemas are TypeBox, checked by TypeBox itself: no type coercion, unknown keys kept
      // (so `additionalProperties: false` refuses them), every failure reported, lengths in code
      // points like the form rules. Fastify's default Ajv would coerce 42 to "42" and drop unknown keys.
      api.setValidatorCompiler(TypeBoxValidatorCompiler);

      // In PostgreSQL the counters are shared by every instance; in SQLite mode they live in the process.
      await api.register(rateLimit, { global: false, ...(stores?.rateLimitStore ? { store: stores.rateLimitStore } : {}) });

      api.addHook('onSend', async (_request, reply, payload) => {
        reply.header('Cache-Control', 'no-store');
        return payload;
      });

      api.setErrorHandler(sendApiError);

      const hashQueue = new HashQueue(options.hashQueue ?? { concurrency: defaultHashConcurrency(), maxWaiting: DEFAULT_HASH_QUEUE_WAITING });
      registerUserRoutes(api, {
        store,
        adminOnly,
        registerRateLimit: options.registerRateLimit,
        signUpsOverall,
        hashQueue: options.hashQueue,
        hashPassword: options.hashPassword,
        passwordCost: options.passwordCost,
        queue: hashQueue,
        // Sign-up mails a verification link (issue 31); a failure to queue it is logged, the account stays.
        ...(links
          ? {
              onRegistered: (user: Parameters<typeof links.verification>[0]) =>
                links.verification(user).catch((error: unknown) => app.log.error({ err: error, userId: user._id }, 'verification link could not be queued')),
            }
          : {}),
      });

      if (stores) {
        await api.register(async (scope) =>
          registerAccountRoutes(scope, {
            users: store,
            sessions: stores.sessions,
            failures: stores.signInFailures,
            hashQueue,
            settings: accountSettings,
            accounts: stores.accounts,
            dashboards: stores.dashboards,
            passkeys: stores.passkeys,
            staff: stores.staff,
            links: links!,
            passkeyNotices: passkeyNotices!,
            kick: () => delivery?.kick(),
            hashPassword: options.hashPassword,
            passwordCost: options.passwordCost,
          }),
        );
      }

      if (stores) {
        await api.register(async (scope) =>
          registerStaffRoutes(scope, {
            users: store,
            sessions: stores.sessions,
            staff: stores.staff,
            contactRequests: contactRequestStore,
            passkeys: stores.passkeys,
            dashboards: stores.dashboards,
            press: stores.press,
            accounts: stores.accounts,
            counter: stores.signInFailures,
            settings: accountSettings,
            kick: delivery ? () => delivery?.kick() : null,
            passkeyNotices: passkeyNotices!,
          }),
        );
        await api.register(async (scope) => registerPublicPressRoutes(scope, { press: stores.press }));
        await api.register(async (scope) =>
          registerPasskeyScope(scope, {
            users: store,
            sessions: stores.sessions,
            staff: stores.staff,
            passkeys: stores.passkeys,
            settings: accountSettings,
            passkeyNotices: passkeyNotices!,
          }),
        );
      }

      await api.register(async (scope) =>
        registerContactRoutes(scope, {
          store: contactRequestStore,
          adminOnly,
          rateLimit: options.contactRateLimit,
          forms: formPageRenderer(options.distDir),
          onQueued: () => delivery?.kick(),
        }),
      );

      api.setNotFoundHandler((request, reply) =>
        sendProblem(reply, 404, 'Not Found', `No API route ${request.method} ${request.url.split('?')[0]}`),
      );
    },
    { prefix: API_BASE },
  );
  return { contactRequests: contactRequestStore, mailing: mailer !== null, adminOnly };
}
