// What a page loader sees when a service refuses (ARCHITECTURE: bad input is a 4xx with a Chinese message, never a
// 500): a service's ApiError with a 4xx status, thrown into a loader that does not catch it, becomes the product's
// error page with that status and message — as if the loader had thrown `data({ message }, { status })` itself. A
// 5xx or any other error stays what it was (the error page with 500). Used on both render paths: in-process (the
// services wrapped) and in the render workers (a call's error revived from the main thread).
import { data } from 'react-router';
import { ApiError, type Services } from '@fjt/domain';

export function asLoaderError(error: unknown): unknown {
  if (error instanceof ApiError && error.statusCode >= 400 && error.statusCode < 500)
    return data({ message: error.message }, { status: error.statusCode });
  return error;
}

/** The services as loaders get them in-process: every method's ApiError refusal turned by asLoaderError. */
export function loaderServices(services: Services): Services {
  const wrapped = new Map<string, Record<string, unknown>>();
  return new Proxy(services, {
    get(target, name, receiver) {
      const service = Reflect.get(target, name, receiver) as unknown;
      if (typeof name !== 'string' || typeof service !== 'object' || service === null) return service;
      let facade = wrapped.get(name);
      if (!facade) {
        const methods = new Map<string, unknown>();
        facade = new Proxy(service as Record<string, unknown>, {
          get(s, method, r) {
            const value = Reflect.get(s, method, r) as unknown;
            if (typeof method !== 'string' || typeof value !== 'function') return value;
            let fn = methods.get(method);
            if (!fn) {
              fn = (...args: unknown[]) => {
                try {
                  const out = (value as (...a: unknown[]) => unknown).apply(s, args);
                  return out instanceof Promise ? out.catch((e: unknown) => Promise.reject(asLoaderError(e))) : out;
                } catch (e) {
                  throw asLoaderError(e);
                }
              };
              methods.set(method, fn);
            }
            return fn;
          },
        });
        wrapped.set(name, facade);
      }
      return facade;
    },
  }) as Services;
}
