import { z } from 'zod';
import { envelopeSchema } from './envelope';

/**
 * The administrators' roles (ARCHITECTURE "Administrators and roles"):
 * Owner does everything; Operator approvals, statuses, trips and notes;
 * Support FAQ and coupons; Finance sales, the dashboard and exports. Every
 * role reads the directory and the trips.
 */
export const ROLES = ['Owner', 'Operator', 'Support', 'Finance'] as const;
export type Role = (typeof ROLES)[number];
export const roleSchema = z.enum(ROLES, {
  error: 'role must be Owner, Operator, Support or Finance.',
});

/**
 * Every role: calls about one's own account, and what everybody reads.
 * @alias ROLES, typed as a list of roles where an endpoint takes one.
 */
export const EVERY_ROLE: readonly Role[] = ROLES;

/** The administrators' desk itself (colleagues, two-factor policy, the audit log). */
export const OWNER_ONLY: readonly Role[] = ['Owner'];

/**
 * Who may export a list as CSV (`format=csv`): the Owner, and Finance
 * (ARCHITECTURE: "Finance ... exports"). Other roles read the lists but
 * answer 403 to `format=csv`.
 */
export const EXPORT_ROLES: readonly Role[] = ['Owner', 'Finance'];

/**
 * Who reads revenue: the Owner and Finance, as Sales. For other roles the
 * revenue fields are absent from the answer (the dashboard's overall_revenue
 * and each day's revenue, an account's today_revenue and overall_revenue, a
 * trip's transaction); a trip's fare (`amount`) stays, an operator answers
 * callers about it.
 */
export const REVENUE_ROLES: readonly Role[] = ['Owner', 'Finance'];

/** Whether an administrator of `role` reads revenue (REVENUE_ROLES). */
export const mayReadRevenue = (role: Role) => REVENUE_ROLES.includes(role);

/** The 403 of a call the signed-in administrator's role may not make. */
export const ROLE_MESSAGES = {
  /** `{role}` is replaced by the role. */
  forbidden: 'Your role ({role}) does not allow this.',
} as const;

/** Whether an administrator of `role` may make the call: the server's check, and the web app's. */
export const mayCall = (role: Role, endpoint: { readonly roles: readonly Role[] }) =>
  endpoint.roles.includes(role);

/** Whether an administrator of `role` may export the list of `endpoint` (`format=csv`). */
export const mayExport = (
  role: Role,
  endpoint: { readonly roles: readonly Role[]; readonly export: string | null },
) => endpoint.export !== null && mayCall(role, endpoint) && EXPORT_ROLES.includes(role);

export type Method = 'GET' | 'POST';

/** The admin API's base path (SPEC 7). */
export const API_BASE = '/taxi-service/admin/';

/**
 * The integration API's base path: the marketplace's backend writes here with
 * an integration key, never with an administrator's session (ARCHITECTURE,
 * "The marketplace around Cabdesk").
 */
export const INTEGRATION_BASE = '/taxi-service/integration/v1/';

/**
 * What an integration key may do, one scope per kind of event the
 * marketplace sends (issue 44); `events:read` reads the webhooks' events as
 * a feed. A call of the integration API names the one scope it needs.
 */
export const INTEGRATION_SCOPES = [
  'people:write',
  'documents:write',
  'vehicles:write',
  'trips:write',
  'payments:write',
  'positions:write',
  'cases:write',
  'events:read',
] as const;
export type IntegrationScope = (typeof INTEGRATION_SCOPES)[number];

/**
 * The `scope` of an integration call whose records each need their own kind's
 * scope (`POST import`): the door lets any valid key in, and every record of
 * a kind the key lacks the scope of is refused on its own.
 */
export const PER_RECORD_SCOPE = 'per-record';
type CallScope = IntegrationScope | typeof PER_RECORD_SCOPE;

/**
 * One call of the admin API, the single truth the server registers its route
 * from and the web app calls through: a route cannot drift from its contract,
 * and "find references" on the object leads to the route, the web call and
 * every query it invalidates.
 */
type Endpoint<
  M extends Method = Method,
  Input extends z.ZodType = z.ZodType,
  Data extends z.ZodType = z.ZodType,
> = {
  readonly method: M;
  /**
   * Where it answers: under API_BASE, SPEC 7's name on the wire (`user-list`);
   * an absolute path (`/healthz`) is outside the admin API.
   */
  readonly path: string;
  /** One line for the API reference. */
  readonly summary: string;
  /** The API reference's section. */
  readonly tag: string;
  /** The query string (GET) or the body (POST), as validated by the server. */
  readonly input: Input;
  /** Request headers the call reads, when it reads any. */
  readonly headers?: z.ZodType;
  /** The `data` of the envelope a success answers. */
  readonly data: Data;
  /** `{ status, message, data }` of a success (HTTP 200). */
  readonly response: z.ZodObject<{ status: z.ZodBoolean; message: z.ZodString; data: Data }>;
  /** Reachable without a session (sign-in and password recovery). */
  readonly public: boolean;
  /** The roles that may call it once signed in (none: a call of the integration API). */
  readonly roles: readonly Role[];
  /** A call of the integration API: the scope its integration key must hold. */
  readonly scope?: CallScope;
  /** The body's media types when it is not JSON (a file upload, a file of records). */
  readonly bodyTypes?: readonly string[];
  /** Answers a stream of server-sent events instead of a JSON envelope. */
  readonly stream: boolean;
  /** Answers a file download of one of these media types instead of a JSON envelope. */
  readonly files?: readonly string[];
  /**
   * A list that exports: `format=csv` answers the whole filtered, sorted set
   * as a CSV file named `<export>-<YYYY-MM-DD>.csv` (`trips-2026-11-24.csv`);
   * null for every other call.
   */
  readonly export: string | null;
};

/** An endpoint of any shape (for code that handles every call alike). */
export type AnyEndpoint = Endpoint<Method, z.ZodType, z.ZodType>;

/** What a caller sends: the query or body before the server's parsing. */
export type InputOf<E extends AnyEndpoint> = z.input<E['input']>;
/** What the server's handler receives: the parsed query or body. */
export type ParsedInputOf<E extends AnyEndpoint> = z.output<E['input']>;
/** The `data` a success carries, as the client reads it. */
export type DataOf<E extends AnyEndpoint> = z.output<E['data']>;

/** No query, or an empty body. */
export const noInput = z.object({});

/** An endpoint as an area declares it: its method, path and section come from the area. */
type CallOptions<Input extends z.ZodType, Data extends z.ZodType> = {
  summary: string;
  input?: Input;
  headers?: z.ZodType;
  data: Data;
  stream?: boolean;
  /** A list that exports as CSV: the file name's first part (`trips`). */
  export?: string;
  /** The body's media types when it is not JSON. */
  bodyTypes?: readonly string[];
  /** The media types of the file it answers instead of the envelope. */
  files?: readonly string[];
} & ({ public: true; roles?: undefined } | { public?: false; roles?: readonly Role[] });

/**
 * The calls of one area of the API: its section of the reference, and the
 * roles that may make them unless a call names its own (or is public).
 * `area('Directory', EVERY_ROLE).get('user-list', { summary, input, data })`.
 */
export function area(tag: string, roles: readonly Role[]) {
  const method =
    <M extends Method>(name: M) =>
    <Data extends z.ZodType, Input extends z.ZodType = typeof noInput>(
      path: string,
      options: CallOptions<Input, Data>,
    ) =>
      endpoint<M, Data, Input>({
        ...options,
        method: name,
        path,
        tag,
        public: options.public === true,
        roles: options.roles ?? roles,
      });
  return { get: method('GET'), post: method('POST') };
}

/**
 * The calls of one area of the integration API, each needing `scope` of the
 * integration key and reached by no administrator (no roles): paths are
 * under INTEGRATION_BASE. `integrationArea('People', 'people:write').post('people', ...)`.
 */
export function integrationArea(tag: string, scope: CallScope) {
  const method =
    <M extends Method>(name: M) =>
    <Data extends z.ZodType, Input extends z.ZodType = typeof noInput>(
      path: string,
      options: Omit<CallOptions<Input, Data>, 'public' | 'roles' | 'export' | 'stream'>,
    ) =>
      endpoint<M, Data, Input>({
        ...options,
        method: name,
        path: `${INTEGRATION_BASE}${path}`,
        tag,
        public: false,
        roles: [],
        scope,
      });
  return { get: method('GET'), post: method('POST') };
}

/** The endpoint object of one call, as an area declares it. */
function endpoint<M extends Method, Data extends z.ZodType, Input extends z.ZodType>(definition: {
  method: M;
  path: string;
  summary: string;
  tag: string;
  input?: Input;
  headers?: z.ZodType;
  data: Data;
  stream?: boolean;
  export?: string;
  public: boolean;
  roles: readonly Role[];
  scope?: CallScope;
  bodyTypes?: readonly string[];
  files?: readonly string[];
}): Endpoint<M, Input, Data> {
  return {
    method: definition.method,
    path: definition.path,
    summary: definition.summary,
    tag: definition.tag,
    input: (definition.input ?? noInput) as Input,
    ...(definition.headers ? { headers: definition.headers } : {}),
    data: definition.data,
    response: envelopeSchema(definition.data),
    public: definition.public,
    roles: definition.public ? ROLES : definition.roles,
    ...(definition.scope ? { scope: definition.scope } : {}),
    ...(definition.bodyTypes ? { bodyTypes: definition.bodyTypes } : {}),
    ...(definition.files ? { files: definition.files } : {}),
    stream: definition.stream === true,
    export: definition.export ?? null,
  };
}

/** The URL path of an endpoint: `/taxi-service/admin/user-list`, `/healthz`. */
export const urlOf = (e: Pick<AnyEndpoint, 'path'>) =>
  e.path.startsWith('/') ? e.path : `${API_BASE}${e.path}`;
