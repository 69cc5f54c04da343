// The widget runs inside someone else's page: nothing it does may throw into that page. Every
// entry point (public API, DOM listeners, timers, promises) goes through these helpers.

const PREFIX = '[storefront-assistant]';

export function logError(...args: unknown[]): void {
  console.error(PREFIX, ...args);
}

/** Wraps a callback so that it can never throw; errors are logged instead. */
export function guard<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R | undefined {
  return (...args: A) => {
    try {
      return fn(...args);
    } catch (error) {
      logError(error);
      return undefined;
    }
  };
}

/** Runs a promise for its effect only, logging a rejection instead of leaving it unhandled. */
export function detach(promise: Promise<unknown>): void {
  promise.catch(logError);
}
