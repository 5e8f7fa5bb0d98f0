export interface FetchedOnce<T> {
  /**
   * The value: fetched on the first call, shared by every call while that fetch is in flight,
   * then kept for the app's lifetime. A failure is not kept, so the next call fetches again.
   */
  get: () => Promise<T>;
  /** The value if it has been fetched, otherwise undefined. */
  peek: () => T | undefined;
}

// Every cache, so that tests can start each case with nothing fetched.
const forgetters = new Set<() => void>();

/** A value the app fetches once and then keeps, such as the password policy (docs/product/web-app.md#states-and-transitions). */
export function fetchOnce<T>(fetch: () => Promise<T>): FetchedOnce<T> {
  let pending: Promise<T> | undefined;
  let value: { current: T } | undefined;
  // Bumped when forgotten, so a fetch that was in flight then does not fill the cache again.
  let generation = 0;

  const get = () => {
    if (value !== undefined) return Promise.resolve(value.current);
    const started = generation;
    const settle = (fetched?: { current: T }) => {
      if (generation !== started) return;
      pending = undefined;
      value = fetched;
    };
    pending ??= fetch().then(
      (fetched) => {
        settle({ current: fetched });
        return fetched;
      },
      (error: unknown) => {
        settle();
        throw error;
      },
    );
    return pending;
  };

  forgetters.add(() => {
    generation += 1;
    pending = undefined;
    value = undefined;
  });
  return { get, peek: () => value?.current };
}

/** Forgets every value fetched once (tests). */
export function forgetFetchedOnce(): void {
  for (const forget of forgetters) forget();
}
