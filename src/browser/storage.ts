// The one way into the browser's localStorage for the whole site. Reaching for `localStorage`
// can itself throw (a SecurityError where site data is blocked) or find `null` (Android WebViews
// without DOM storage), and writing can throw when it is full. An island that met any of these
// unguarded would be unmounted by React and vanish from the page, so every access comes here and
// each failure reads as "nothing kept".

/** The store, or undefined where there is none or reaching it throws. */
function store(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

/** The value kept under `key`, or undefined when there is none or storage cannot be read. */
export function readItem(key: string): string | undefined {
  try {
    return store()?.getItem(key) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Keeps `value` under `key`; says whether it was kept (false: no storage, blocked or full). */
export function writeItem(key: string, value: string): boolean {
  try {
    const storage = store();
    if (!storage) return false;
    storage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

/** Removes `key`; says whether storage answered (a value that was never kept counts as removed). */
export function removeItem(key: string): boolean {
  try {
    const storage = store();
    if (!storage) return false;
    storage.removeItem(key);
    return true;
  } catch {
    return false;
  }
}
