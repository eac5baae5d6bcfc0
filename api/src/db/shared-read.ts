/**
 * A read whose answer is the same for every request that needs it (the catalogue's version), shared
 * by the requests that ask for it in the same turn of the event loop: the read is started on the
 * loop's check phase, after the last of them asked. So each request sees every commit that had
 * finished when it asked, exactly as its own read would, and a burst of requests costs one round
 * trip instead of one each. A request that asks once the read has started waits for the next one:
 * joining a read already sent could miss a commit that finished in between.
 *
 * Keyed by an object (the database pool), so answers never cross databases.
 */
export function sharedRead<K extends object, T>(read: (key: K) => Promise<T>): (key: K) => Promise<T> {
  const pending = new WeakMap<K, Promise<T>>();
  return (key) => {
    let next = pending.get(key);
    if (!next) {
      next = new Promise<T>((resolve, reject) => {
        setImmediate(() => {
          pending.delete(key);
          // A read that throws at once fails its asks as a rejected one does.
          new Promise<T>((started) => started(read(key))).then(resolve, reject);
        });
      });
      pending.set(key, next);
    }
    return next;
  };
}
