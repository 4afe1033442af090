import type { ClientPathsWithMethod, FetchResponse, MaybeOptionalInit } from 'openapi-fetch';
import type { paths } from './api-schema';
import type * as Transport from './api-transport';

/**
 * The typed client of the API: every route of docs/openapi.json, its parameters, body and answer
 * typed from the generated `paths` (npm run openapi). It sends as apiFetch does (same origin,
 * cookies, JSON), and through the same door: a non-OK answer throws ApiError, and a decision that
 * wants a fresh authenticator code asks for one and is sent once more (./api-transport.ts).
 *
 *   const submission = await api.GET('/api/submissions/{id}', { params: { path: { id } } });
 */
let transport: Promise<typeof Transport> | undefined;
/** openapi-fetch arrives with the first call (a chunk of its own), not with the page. */
const loadClient = () => (transport ??= import('./api-transport')).then((module) => module.client);

type Method = 'get' | 'put' | 'post' | 'patch' | 'delete';
type Client = typeof Transport.client;
type Path<M extends Method> = ClientPathsWithMethod<Client, M>;
type Init<M extends Method, P extends Path<M>> = MaybeOptionalInit<paths[P], M>;
/** The init argument, optional when the route needs neither parameters nor a body (as openapi-fetch has it). */
type InitArgument<I> = object extends I ? [init?: I] : [init: I];
/** What an OK answer carries: errors never reach here (they are thrown as ApiError). */
type Data<M extends Method, P extends Path<M>, I> =
  paths[P][M] extends Record<string, unknown>
    ? Exclude<FetchResponse<paths[P][M], I, `${string}/${string}`>['data'], undefined>
    : never;

/** A method of the client that answers with the route's data rather than { data, error, response }. */
type DataMethod<M extends Method> = <P extends Path<M>, I extends Init<M, P>>(
  url: P,
  ...init: InitArgument<I>
) => Promise<Data<M, P, I>>;

/** The answer's data; an empty answer (204) gives undefined, as the route's type says. */
async function dataOf<T>(call: Promise<{ data?: T }>): Promise<T> {
  const { data } = await call;
  return data as T;
}

function dataMethod<M extends Method>(method: M): DataMethod<M> {
  // openapi-fetch has typed the call at the call site (DataMethod); here it is only passed on.
  const send = async (url: string, init?: object) => {
    const request = (await loadClient()).request as (method: M, url: string, init?: object) => Promise<{ data?: unknown }>;
    return dataOf(request(method, url, init));
  };
  return send as DataMethod<M>;
}

/** The data a route answers with, to name it where no domain type does (`ApiAnswer<'post', '/api/kyc'>`). */
export type ApiAnswer<M extends Method, P extends Path<M>> = Data<M, P, object>;

export const api = {
  GET: dataMethod('get'),
  PUT: dataMethod('put'),
  POST: dataMethod('post'),
  PATCH: dataMethod('patch'),
  DELETE: dataMethod('delete'),
};
