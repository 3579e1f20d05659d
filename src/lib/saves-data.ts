// Whether the phone asks us to spend as little data as we can (docs/design.md, "Budgets": her data first):
// its Data Saver is on, or the connection is 2G. Pure, on the Network Information API's shape, so
// it is tested without a browser; browsers without the API (Firefox, Safari) report neither.

/** The part of `navigator.connection` (Network Information API) that speaks of her data. */
export interface ConnectionHints {
  saveData?: boolean;
  effectiveType?: string;
}

/** The effective connection types on which 100 KB of script is minutes of waiting and real money: `2g`, `slow-2g`. */
const SLOW_TYPE = /2g$/;

/** Whether decoration (carousels, the counter, the typed quote) should fetch nothing. */
export function savesData(connection: ConnectionHints | undefined): boolean {
  return Boolean(connection && (connection.saveData || SLOW_TYPE.test(connection.effectiveType ?? '')));
}
