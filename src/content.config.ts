// Every content field, defined once. Each `.describe()` is the sentence an editor reads in
// CONTENT.md (its field tables are generated from here: `npm run content-doc`), and each error
// message says what to write instead. docs/decisions.md says why a story's category is its folder.
import { defineCollection, type SchemaContext } from 'astro:content';
import { z } from 'astro/zod';
import { contentGlob } from './content-loaders/content-glob';
import { entryIds } from './content-loaders/entry-ids';
import { DEFAULT_LOCALE, EDITIONS, LOCALES, type EditionRow, type Locale, type TranslatedLocale } from './lib/editions';
import { SAMPLE_FIELDS } from './lib/samples';

const storyCategoryIds = entryIds('story-categories');
const profileCategoryIds = entryIds('profile-categories');

/** Posts the old site's team used; a testimonial's post must be one of them. */
export const TEAM_POSTS = [
  'Technical Head',
  'Graphics Designer',
  'UI and UX Designer',
  'Script Writer & Animator',
  'Content Developer',
  'Designer & Animator',
  'Script Writer',
] as const;

type ImageField = SchemaContext['image'];

const text = (what: string) => z.string().trim().min(1, { error: `write ${what}` });
const order = z
  .int({ error: 'use a whole number from 0 (0 comes first)' })
  .min(0, { error: 'use a whole number from 0 (0 comes first)' })
  .describe('Position in its list: 0 comes first; ties are sorted by file name');
const url = z.url({ error: 'use a full web address starting with https://' });
const alt = text('what the picture shows, for people who cannot see it').describe(
  'What the picture shows, for people who cannot see it; start a drawing with "Illustration:"',
);
const phone = z
  .string()
  .regex(/^\+?[0-9 ]{10,16}$/, { error: 'use digits and spaces, e.g. +91 98xxx xxxxx' });
const picture = (image: ImageField, what: string) => image().describe(`${what}; the path is relative to this file`);

/** Digits only, as dialled: `tel:` links and the phone's keypad take them as they are. */
const dialled = z.string().regex(/^[0-9]{3,12}$/, { error: 'write the number with digits only, as it is dialled: 181' });

/** The editions besides English: each has its own words for a helpline, in the fields its row names. */
type TranslatedEdition = Extract<EditionRow, { code: TranslatedLocale }>;
const TRANSLATED_EDITIONS = EDITIONS.filter((row): row is TranslatedEdition => row.code !== DEFAULT_LOCALE);
type HelplineField<K extends 'name' | 'purpose'> = { [E in TranslatedEdition as E['helpline'][K]]: z.ZodString };

/** A helpline's name, or its purpose, in each edition's language but English, in the editions' order. */
const helplineWords = <K extends 'name' | 'purpose'>(kind: K, words: (englishName: string, example: string) => z.ZodString) =>
  Object.fromEntries(TRANSLATED_EDITIONS.map(({ englishName, helpline: fields }) => [fields[kind], words(englishName, fields.example)])) as HelplineField<K>;

/** One national helpline on every page (docs/help.md): what it is, in every edition's language, and where it was checked. */
const helpline = z.strictObject({
  number: dialled.describe('The number as it is dialled, digits only'),
  freeNumber: dialled
    .optional()
    .describe('A shorter toll-free number for the same helpline, if it has one; leave out if not'),
  name: text('the name in English').describe('Its name in English, e.g. Women Helpline'),
  ...helplineWords('name', (language, example) => text(`the name in ${language}`).describe(`Its name in ${language}, e.g. ${example}`)),
  purpose: text('in a few English words what it is for').describe('In a few words, who calls it and for what (English)'),
  ...helplineWords('purpose', (language) => text(`in a few ${language} words what it is for`).describe(`The same in ${language}, in everyday words`)),
  source: url.describe('A government or news page that gives this number, read when it was checked'),
  checked: z.iso
    .date({ error: 'write the date it was checked as YYYY-MM-DD, e.g. 2026-11-23' })
    .describe('The day the number was last checked against its source, as YYYY-MM-DD'),
});

const settingsSchema = (image: ImageField) =>
  z.strictObject({
    organisation: text('the organisation name').describe('Name shown in titles: STREE'),
    parentOrganisation: text('the parent organisation').describe('The organisation STREE belongs to: Empower Bharat'),
    tagline: text('a one-line tagline').describe('One line under the name, in page titles'),
    office: z
      .strictObject({
        lines: z.array(text('an address line')).min(1, { error: 'give at least one address line' }).describe('Street lines'),
        city: text('the city').describe('City'),
        state: text('the state').describe('State'),
        country: text('the country').describe('Country'),
      })
      .describe('Registered office, printed in the footer: `lines` (a list), `city`, `state`, `country`'),
    email: z.email({ error: 'use an e-mail address like name@example.org' }).describe('Contact e-mail'),
    phones: z
      .array(phone)
      .length(2, { error: 'give exactly two phone numbers' })
      .describe('Exactly two contact numbers; digits and spaces, may start with +'),
    whatsapp: z
      .string()
      .regex(/^\+[1-9][0-9 ]{9,15}$/, { error: 'write the number with its country code, e.g. +91 98765 43210' })
      .describe('The number that takes WhatsApp voice messages: the story form offers it where a phone cannot record. With its country code, e.g. +91 98765 43210'),
    social: z
      .strictObject({
        twitter: url.describe('X (Twitter) profile'),
        facebook: url.describe('Facebook page'),
        instagram: url.describe('Instagram profile'),
        youtube: url.describe('YouTube channel'),
        linkedin: url.describe('LinkedIn page'),
      })
      .describe('Full addresses of the social profiles: `twitter`, `facebook`, `instagram`, `youtube`, `linkedin`'),
    documents: z
      .strictObject({
        empowerBharat: url.describe('Opened by the Empower Bharat button'),
        intro: url.describe('Opened by Read more under What We Do'),
        focus: url.describe('Opened by Read more in Our Focus, unless an issue has its own'),
      })
      .describe('Full addresses of the documents the buttons open: `empowerBharat`, `intro`, `focus`'),
    videoId: z
      .string()
      .regex(/^[A-Za-z0-9_-]{11}$/, { error: 'use the 11-character id from the video address' })
      .optional()
      .describe('The What We Do video: the 11 characters after v= in its YouTube address; leave out to hide the video'),
    videoPoster: picture(image, 'Picture shown until the visitor presses play, 16:9: nothing is fetched from the video site before'),
    videoPosterAlt: alt,
    copyrightYear: z
      .int({ error: 'give the year as a number without quotes: 2023' })
      .min(2000)
      .max(2100)
      .describe('Year in the footer copyright line'),
    about: text('the about text').describe('Short text about STREE, in the footer and for search engines'),
    whatWeDo: text('the What We Do introduction').describe('Introduction in the About section'),
    vision: text('the vision').describe('Vision statement'),
    mission: text('the mission').describe('Mission statement'),
    statesReached: z
      .int({ error: 'give a whole number without quotes: 15' })
      .min(1)
      .describe('How many states the team comes from: the Teams counter counts up to it'),
    teamQuote: text('the team quote').describe('Quote typed out, letter by letter, in the Teams section'),
    teamPhoto: picture(image, 'Team picture in the Teams section'),
    teamPhotoAlt: alt,
    samples: z
      .array(z.enum(SAMPLE_FIELDS, { error: `use the names of fields that may be samples: ${SAMPLE_FIELDS.join(', ')}` }))
      .describe(
        `The fields above that still hold sample values, from: ${SAMPLE_FIELDS.join(', ')}. The site marks each as a sample (a notice, or no link, pointing to the helplines) and the build lists them until this is []`,
      ),
    helplines: z
      .array(helpline)
      .min(1, { error: 'list at least the emergency number 112' })
      .describe(`National helplines shown on every page, in this order, with their name and purpose in ${TRANSLATED_EDITIONS.map(({ englishName }) => englishName).join(' and ')} beside the English; check each against its source every six months (docs/help.md)`),
    exitAddress: z
      .url({ protocol: /^https$/, error: 'use a full https:// address of a neutral site, e.g. https://www.google.com/' })
      .default('https://www.google.com/')
      .describe('Where Exit this page goes: an everyday site that shows nothing about the visitor'),
  });

const bannerSchema = (image: ImageField) =>
  z.strictObject({
    order,
    heading: text('a heading').describe('Large words over the picture'),
    text: text('a line of text').describe('One line under the heading'),
    image: picture(image, 'Wide picture, about 16:7; keep its left part dark, where the words sit on a computer'),
    imageAlt: alt,
  });

const focusSchema = (image: ImageField) =>
  z.strictObject({
    order,
    title: text('a title').describe('The issue, e.g. Dowry Issues'),
    summary: text('a short description').describe('Two or three plain sentences'),
    readMore: url.optional().describe('Where Read more goes; leave out to use the Our Focus document of the settings'),
    image: picture(image, 'Picture, about 8:5'),
    imageAlt: alt,
  });

const problemsSchema = () =>
  z.strictObject({
    order,
    title: text('a title').describe('A short title'),
    text: text('a short paragraph').describe('One short paragraph'),
  });

const solutionsSchema = (image: ImageField) =>
  z.strictObject({
    order,
    title: text('a title').describe('A short title, e.g. Safety Law'),
    icon: picture(image, 'Small square icon (SVG)'),
  });

/** Each edition's code and its language, for editors: `en (English), hi (Hindi)`. */
const LANGUAGE_CODES = EDITIONS.map(({ code, englishName }) => `${code} (${englishName})`).join(', ');

const testimonialsSchema = (image: ImageField) =>
  z.strictObject({
    order,
    name: text('the name').describe("The team member's name"),
    post: z.enum(TEAM_POSTS, { error: `use one of: ${TEAM_POSTS.join(', ')}` }).describe(`Exactly one of: ${TEAM_POSTS.join(', ')}`),
    text: text('what they say').describe('What they say: a sentence or two, in their own words, with their approval'),
    lang: z
      .enum(LOCALES as [Locale, ...Locale[]], { error: `use one of: ${LANGUAGE_CODES}` })
      .default(DEFAULT_LOCALE)
      .describe(`Language of \`text\`: ${LANGUAGE_CODES}; English is the default`),
    image: picture(image, 'Round portrait: use a square picture'),
    imageAlt: alt,
    sample: z
      .boolean()
      .default(false)
      .describe('true while this is a sample, not a real team member: the quote then shows as a sample'),
  });

const storyCategoriesSchema = (image: ImageField) =>
  z.strictObject({
    order,
    title: text('a title').describe('Tab label; also part of the address of each of its stories'),
    description: text('a one-line description').describe('One line about the category, on its page and for search engines'),
    cover: picture(image, 'Wide cover picture on its story pages, shown about 3:1'),
    coverAlt: alt,
  });

const storiesSchema = (image: ImageField) =>
  z.strictObject({
    name: text('the name').describe('Whose story, as printed on the card'),
    order,
    summary: text('a one-line summary').describe('One line on the card: a description of what she did, never words in her mouth'),
    image: picture(image, 'Round portrait: use a square picture'),
    imageAlt: alt,
    draft: z
      .boolean({ error: 'write true (not shown on the site yet) or false' })
      .default(false)
      .describe('true while an editor has not checked a story she sent: the site leaves it out until this is false or removed'),
    consent: text('how and when she agreed to publish')
      .optional()
      .describe('How and when she agreed to publishing, e.g. "Ticked I\'d like to publish my story… on the website form, 2026-11-20"; never her phone number'),
  });

const profileCategoriesSchema = () => z.strictObject({ order, title: text('a title').describe('Heading of the category') });

const profilesSchema = (image: ImageField) =>
  z.strictObject({
    name: text('the name').describe('Her name'),
    note: z.string().trim().min(1).optional().describe('Shown in brackets after her name: field of work or years of life'),
    order,
    image: picture(image, 'Round portrait: use a square picture'),
    imageAlt: alt,
  });

const productsSchema = (image: ImageField) =>
  z.strictObject({
    order,
    name: text('the product name').describe('The product, with its size or weight'),
    group: text('the self-help group').describe('The self-help group that makes it'),
    village: text('the village').describe('Its village'),
    district: text('the district').describe('Its district'),
    state: text('the state').describe('Its state'),
    priceRupees: z
      .int({ error: 'give the price in whole rupees, as a number without quotes: 80' })
      .min(1, { error: 'give the price in whole rupees' })
      .describe('Price in whole rupees, a number without quotes'),
    description: text('a short description').describe('A short description'),
    contact: z
      .strictObject({
        phone: phone.optional().describe('A number to call'),
        whatsapp: url.optional().describe('A WhatsApp link, e.g. https://wa.me/919876543210'),
        email: z.email().optional().describe('An e-mail address'),
      })
      .refine((c) => c.phone || c.whatsapp || c.email, { error: 'give at least one of phone, whatsapp, email' })
      .describe('How to order: at least one of `phone`, `whatsapp`, `email`'),
    image: picture(image, 'Picture of the product'),
    imageAlt: alt,
    sample: z
      .boolean()
      .default(false)
      .describe('true while this is a sample listing: the page then says not to order yet, and its contact is no link'),
  });

const staySafeSchema = () =>
  z.strictObject({
    title: text('the title').describe('The heading at the top of the page, and its name in the browser tab and in search results'),
    description: text('one sentence about the page').describe('One sentence saying what the page tells, for search engines and link previews'),
    intro: text('the opening paragraph').describe('The paragraph under the heading: who the page is for and what it tells'),
    dangerTitle: text('the heading over the helplines').describe('The heading of the first part, over the helplines (they come from the settings)'),
    dangerIntro: text('a line over the helplines').describe('One line between that heading and the helplines'),
  });

/**
 * What each kind of entry says in words, and so what a translation gives (src/content/{locale}/,
 * one file in the same place as the English one). Everything else comes from the English file.
 */
const TRANSLATED = {
  settings: { tagline: true, office: true, videoPosterAlt: true, about: true, whatWeDo: true, vision: true, mission: true, teamQuote: true, teamPhotoAlt: true },
  banner: { heading: true, text: true, imageAlt: true },
  focus: { title: true, summary: true, imageAlt: true },
  problems: { title: true, text: true },
  solutions: { title: true },
  testimonials: { name: true, text: true, imageAlt: true },
  storyCategories: { title: true, description: true, coverAlt: true },
  stories: { name: true, summary: true, imageAlt: true },
  profileCategories: { title: true },
  profiles: { name: true, note: true, imageAlt: true },
  products: { name: true, group: true, village: true, district: true, state: true, description: true, imageAlt: true },
  // An article is words from end to end: a translation gives all of it, its text below the fields too.
  staySafe: { title: true, description: true, intro: true, dangerTitle: true, dangerIntro: true },
} as const;

/** Each collection: its folder, which files are entries, the fields that name pictures, and whether its text is an article (src/lib/article.ts). */
export const SOURCES = {
  settings: { folder: 'settings', pattern: '*.json', imageFields: ['teamPhoto', 'videoPoster'] },
  banner: { folder: 'banner', pattern: '*.json', imageFields: ['image'] },
  focus: { folder: 'focus', pattern: '*.json', imageFields: ['image'] },
  problems: { folder: 'problems', pattern: '*.json' },
  solutions: { folder: 'solutions', pattern: '*.json', imageFields: ['icon'] },
  testimonials: { folder: 'testimonials', pattern: '*.json', imageFields: ['image'] },
  storyCategories: { folder: 'story-categories', pattern: '*.json', imageFields: ['cover'] },
  stories: { folder: 'stories', pattern: '**/*.md', imageFields: ['image'], categoryFolders: storyCategoryIds },
  profileCategories: { folder: 'profile-categories', pattern: '*.json' },
  profiles: { folder: 'profiles', pattern: '**/*.md', imageFields: ['image'], categoryFolders: profileCategoryIds },
  products: { folder: 'products', pattern: '*.json', imageFields: ['image'] },
  staySafe: { folder: 'stay-safe', pattern: '*.md', article: true },
} as const;

/** No picture is ever translated: a translation's schema never asks for one. */
const noImage = (() => z.never()) as unknown as ImageField;

/** The English collection and, for each other edition, its translations. */
function collection<S extends z.ZodObject, N extends keyof typeof SOURCES>(name: N, schema: (image: ImageField) => S) {
  return defineCollection({ loader: contentGlob(SOURCES[name]), schema: ({ image }) => schema(image) });
}
function translation<S extends z.ZodObject, N extends keyof typeof TRANSLATED>(
  locale: string,
  name: N,
  schema: (image: ImageField) => S,
) {
  const { folder, pattern } = SOURCES[name];
  const article = 'article' in SOURCES[name];
  type Words = Pick<S['shape'], Extract<keyof (typeof TRANSLATED)[N], keyof S['shape']>>;
  return defineCollection({
    loader: contentGlob({ folder: `${locale}/${folder}`, pattern, twinOf: folder, article }),
    schema: schema(noImage).pick(TRANSLATED[name] as never) as unknown as z.ZodObject<Words, z.core.$strict>,
  });
}

/** Every collection of one edition besides English, named `{collection}_{locale}`. */
function translations<L extends string>(locale: L) {
  const all = {
    settings: translation(locale, 'settings', settingsSchema),
    banner: translation(locale, 'banner', bannerSchema),
    focus: translation(locale, 'focus', focusSchema),
    problems: translation(locale, 'problems', problemsSchema),
    solutions: translation(locale, 'solutions', solutionsSchema),
    testimonials: translation(locale, 'testimonials', testimonialsSchema),
    storyCategories: translation(locale, 'storyCategories', storyCategoriesSchema),
    stories: translation(locale, 'stories', storiesSchema),
    profileCategories: translation(locale, 'profileCategories', profileCategoriesSchema),
    profiles: translation(locale, 'profiles', profilesSchema),
    products: translation(locale, 'products', productsSchema),
    staySafe: translation(locale, 'staySafe', staySafeSchema),
  };
  return Object.fromEntries(Object.entries(all).map(([name, c]) => [`${name}_${locale}`, c])) as {
    [N in keyof typeof all as `${N}_${L}`]: (typeof all)[N];
  };
}

/** The translations of every edition but English (src/lib/editions.ts), `{collection}_{locale}`. */
function allTranslations() {
  type All = UnionToIntersection<{ [L in TranslatedLocale]: ReturnType<typeof translations<L>> }[TranslatedLocale]>;
  return Object.assign({}, ...TRANSLATED_EDITIONS.map(({ code }) => translations(code))) as All;
}
type UnionToIntersection<U> = (U extends unknown ? (union: U) => void : never) extends (intersection: infer I) => void ? I : never;

export const collections = {
  settings: collection('settings', settingsSchema),
  banner: collection('banner', bannerSchema),
  focus: collection('focus', focusSchema),
  problems: collection('problems', problemsSchema),
  solutions: collection('solutions', solutionsSchema),
  testimonials: collection('testimonials', testimonialsSchema),
  storyCategories: collection('storyCategories', storyCategoriesSchema),
  stories: collection('stories', storiesSchema),
  profileCategories: collection('profileCategories', profileCategoriesSchema),
  profiles: collection('profiles', profilesSchema),
  products: collection('products', productsSchema),
  staySafe: collection('staySafe', staySafeSchema),
  ...allTranslations(),
};

/** The collections that have translations, and the fields a translation gives. */
export const TRANSLATED_FIELDS = TRANSLATED;

/** The English schema of each collection, for tools that describe the fields (CONTENT.md). */
export const SCHEMAS = {
  settings: settingsSchema,
  banner: bannerSchema,
  focus: focusSchema,
  problems: problemsSchema,
  solutions: solutionsSchema,
  testimonials: testimonialsSchema,
  storyCategories: storyCategoriesSchema,
  stories: storiesSchema,
  profileCategories: profileCategoriesSchema,
  profiles: profilesSchema,
  products: productsSchema,
  staySafe: staySafeSchema,
} satisfies Record<keyof typeof SOURCES, unknown>;
