// The project's own hydration directives, for Astro's type check (src/build-time/integration.ts registers them).
import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate when the visitor first reaches for the island: src/browser/hydrate-on-reach.ts. */
    'client:reach'?: boolean;
    /**
     * Decoration over HTML that already works: never hydrated where the phone saves data or is on 2G;
     * else `settled` (after the first paint, when idle, or at her first touch) or `visible`
     * (near the screen). src/browser/hydrate-decoration.ts.
     */
    'client:decor'?: 'settled' | 'visible';
    /** Hydrate on the snackbar store's first message, or with another island: src/browser/hydrate-on-message.ts. */
    'client:message'?: boolean;
  }
}
