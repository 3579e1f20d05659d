/**
 * The window event the snackbar store fires with each message, for the snackbar island's
 * directive (src/browser/hydrate-on-message.ts): inlined in the page, the directive cannot share
 * the store's module, only an event name.
 */
export const SNACKBAR_EVENT = 'stree:snackbar';
