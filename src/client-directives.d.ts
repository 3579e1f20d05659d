// The project's own hydration directives, for Astro's type check (src/build/integration.ts registers them).
import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate when the visitor first reaches for the island: src/browser/hydrate-on-reach.ts. */
    'client:reach'?: boolean;
    /** Hydrate after the first paint, when idle, or at her first touch: src/browser/hydrate-when-settled.ts. */
    'client:settled'?: boolean;
    /** Hydrate on the snackbar store's first message, or with another island: src/browser/hydrate-on-message.ts. */
    'client:message'?: boolean;
  }
}
