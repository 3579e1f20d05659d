// The project's own hydration directive, for Astro's type check (src/build/integration.ts registers it).
import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate when the visitor first reaches for the island: src/browser/hydrate-on-reach.ts. */
    'client:reach'?: boolean;
  }
}
