/**
 * State shared by the whole process. Next.js may bundle a module more than once (route handlers and
 * server actions get their own copies), so caches that one request invalidates and another reads
 * must live on globalThis under one name.
 */
export function processState<T>(name: string, init: () => T): T {
  const store = ((globalThis as { __amlProcessState?: Map<string, unknown> }).__amlProcessState ??= new Map());
  if (!store.has(name)) store.set(name, init());
  return store.get(name) as T;
}
