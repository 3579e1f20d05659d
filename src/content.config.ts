import { defineCollection } from 'astro:content';
import { z } from 'astro/zod';
import { contentGlob } from './build/content-glob';
import { entryIds } from './build/entry-ids';

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

const text = (what: string) => z.string().trim().min(1, { error: `write ${what}` });
const order = z
  .int({ error: 'use a whole number from 0 (0 comes first)' })
  .min(0, { error: 'use a whole number from 0 (0 comes first)' })
  .describe('Position in its list: 0 comes first');
const url = z.url({ error: 'use a full web address starting with https://' });
const alt = text('what the picture shows, for people who cannot see it').describe(
  'What the picture shows, for people who cannot see it',
);
const phone = z
  .string()
  .regex(/^\+?[0-9 ]{10,16}$/, { error: 'use digits and spaces, e.g. +91 98xxx xxxxx' });

/** Digits only, as dialled: `tel:` links and the phone's keypad take them as they are. */
const dialled = z.string().regex(/^[0-9]{3,12}$/, { error: 'write the number with digits only, as it is dialled: 181' });

/** One national helpline on every page (docs/help.md): what it is, in both languages, and where it was checked. */
const helpline = z.strictObject({
  number: dialled.describe('The number as it is dialled, digits only'),
  freeNumber: dialled
    .optional()
    .describe('A shorter toll-free number for the same helpline, if it has one; leave out if not'),
  name: text('the name in English').describe('Its name in English, e.g. Women Helpline'),
  nameHi: text('the name in Hindi').describe('Its name in Hindi, e.g. महिला हेल्पलाइन'),
  purpose: text('in a few English words what it is for').describe('In a few words, who calls it and for what (English)'),
  purposeHi: text('in a few Hindi words what it is for').describe('The same in Hindi, in everyday words'),
  source: url.describe('A government or news page that gives this number, read when it was checked'),
  checked: z.iso
    .date({ error: 'write the date it was checked as YYYY-MM-DD, e.g. 2026-11-23' })
    .describe('The day the number was last checked against its source, as YYYY-MM-DD'),
});

const settings = defineCollection({
  loader: contentGlob({ folder: 'settings', pattern: '*.json', imageFields: ['teamPhoto', 'videoPoster'] }),
  schema: ({ image }) =>
    z.strictObject({
      organisation: text('the organisation name').describe('Name shown in titles: STREE'),
      parentOrganisation: text('the parent organisation').describe('Empower Bharat'),
      tagline: text('a one-line tagline').describe('One line under the name, in page titles'),
      office: z
        .strictObject({
          lines: z.array(text('an address line')).min(1).describe('Street lines of the registered office'),
          city: text('the city'),
          state: text('the state'),
          country: text('the country'),
        })
        .describe('Registered office, printed in the footer'),
      email: z.email({ error: 'use an e-mail address like name@example.org' }).describe('Contact e-mail'),
      phones: z.array(phone).length(2, { error: 'give exactly two phone numbers' }).describe('Two contact numbers'),
      social: z
        .strictObject({ twitter: url, facebook: url, instagram: url, youtube: url, linkedin: url })
        .describe('Social profile addresses'),
      documents: z
        .strictObject({ empowerBharat: url, intro: url, focus: url })
        .describe('Documents opened by the Empower Bharat, What We Do and Our Focus buttons'),
      videoId: z
        .string()
        .regex(/^[A-Za-z0-9_-]{11}$/, { error: 'use the 11-character id from the video address' })
        .optional()
        .describe('The What We Do video: the id after v= in its address; leave out to hide the video'),
      videoPoster: image().describe('Picture shown until the visitor presses play (16:9)'),
      videoPosterAlt: alt,
      copyrightYear: z.int().min(2000).max(2100).describe('Year in the footer copyright line'),
      about: text('the about blurb').describe('Short blurb in the footer'),
      whatWeDo: text('the What We Do introduction').describe('Introduction in the About section'),
      vision: text('the vision').describe('Vision statement'),
      mission: text('the mission').describe('Mission statement'),
      statesReached: z.int().min(1).describe('How many states the team comes from (the counter)'),
      teamQuote: text('the team quote').describe('Quote typed out in the Teams section'),
      teamPhoto: image().describe('Team picture in the Teams section'),
      teamPhotoAlt: alt,
      samples: z
        .array(z.string())
        .describe('Fields above that still hold sample values; the build lists them until emptied'),
      helplines: z
        .array(helpline)
        .min(1, { error: 'list at least the emergency number 112' })
        .describe('National helplines shown on every page, in this order; check each against its source every six months'),
      exitAddress: z
        .url({ protocol: /^https$/, error: 'use a full https:// address of a neutral site, e.g. https://www.google.com/' })
        .default('https://www.google.com/')
        .describe('Where Exit this page goes: an everyday site that shows nothing about the visitor'),
    }),
});

const banner = defineCollection({
  loader: contentGlob({ folder: 'banner', pattern: '*.json', imageFields: ['image'] }),
  schema: ({ image }) =>
    z.strictObject({
      order,
      heading: text('a heading').describe('Large words over the picture'),
      text: text('a line of text').describe('One line under the heading'),
      image: image().describe('Picture, wide (about 16:7)'),
      imageAlt: alt,
    }),
});

const focus = defineCollection({
  loader: contentGlob({ folder: 'focus', pattern: '*.json', imageFields: ['image'] }),
  schema: ({ image }) =>
    z.strictObject({
      order,
      title: text('a title').describe('The issue, e.g. Dowry Issues'),
      summary: text('a short description').describe('Two or three sentences'),
      readMore: url.optional().describe('Where Read more goes; leave out to use the focus document'),
      image: image(),
      imageAlt: alt,
    }),
});

const problems = defineCollection({
  loader: contentGlob({ folder: 'problems', pattern: '*.json' }),
  schema: z.strictObject({
    order,
    title: text('a title'),
    text: text('a short paragraph').describe('One short paragraph'),
  }),
});

const solutions = defineCollection({
  loader: contentGlob({ folder: 'solutions', pattern: '*.json', imageFields: ['icon'] }),
  schema: ({ image }) =>
    z.strictObject({
      order,
      title: text('a title'),
      icon: image().describe('Small square icon (SVG)'),
    }),
});

const testimonials = defineCollection({
  loader: contentGlob({ folder: 'testimonials', pattern: '*.json', imageFields: ['image'] }),
  schema: ({ image }) =>
    z.strictObject({
      order,
      name: text('the name'),
      post: z.enum(TEAM_POSTS, { error: `use one of: ${TEAM_POSTS.join(', ')}` }),
      text: text('what they say').describe('A sentence or two'),
      lang: z.enum(['en', 'hi'], { error: 'use en (English) or hi (Hindi)' }).default('en'),
      image: image().describe('Round portrait, square'),
      imageAlt: alt,
      sample: z.boolean().default(false).describe('true while this is a sample, not a real team member'),
    }),
});

const storyCategories = defineCollection({
  loader: contentGlob({ folder: 'story-categories', pattern: '*.json', imageFields: ['cover'] }),
  schema: ({ image }) =>
    z.strictObject({
      order,
      title: text('a title').describe('Tab label and part of each story address'),
      description: text('a one-line description'),
      cover: image().describe('Wide cover picture on its story pages'),
      coverAlt: alt,
    }),
});

const stories = defineCollection({
  loader: contentGlob({ folder: 'stories', pattern: '**/*.md', imageFields: ['image'] }),
  schema: ({ image }) =>
    z.strictObject({
      name: text('the name').describe('Whose story, as printed on the card'),
      category: z.enum(storyCategoryIds, { error: `use one of: ${storyCategoryIds.join(', ')}` }),
      order,
      summary: text('a one-line summary').describe('One line on the card, shown in quotes'),
      image: image(),
      imageAlt: alt,
    }),
});

const profileCategories = defineCollection({
  loader: contentGlob({ folder: 'profile-categories', pattern: '*.json' }),
  schema: z.strictObject({ order, title: text('a title') }),
});

const profiles = defineCollection({
  loader: contentGlob({ folder: 'profiles', pattern: '**/*.md', imageFields: ['image'] }),
  schema: ({ image }) =>
    z.strictObject({
      name: text('the name'),
      note: z.string().trim().min(1).optional().describe('Shown in brackets: field of work or years of life'),
      category: z.enum(profileCategoryIds, { error: `use one of: ${profileCategoryIds.join(', ')}` }),
      order,
      image: image(),
      imageAlt: alt,
    }),
});

const products = defineCollection({
  loader: contentGlob({ folder: 'products', pattern: '*.json', imageFields: ['image'] }),
  schema: ({ image }) =>
    z.strictObject({
      order,
      name: text('the product name'),
      group: text('the self-help group'),
      village: text('the village'),
      district: text('the district'),
      state: text('the state'),
      priceRupees: z
        .int({ error: 'give the price in whole rupees, as a number without quotes: 80' })
        .min(1, { error: 'give the price in whole rupees' }),
      description: text('a short description'),
      contact: z
        .strictObject({ phone: phone.optional(), whatsapp: url.optional(), email: z.email().optional() })
        .refine((c) => c.phone || c.whatsapp || c.email, { error: 'give at least one of phone, whatsapp, email' })
        .describe('How to order'),
      image: image(),
      imageAlt: alt,
      sample: z.boolean().default(false).describe('true while this is a sample listing'),
    }),
});

export const collections = {
  settings,
  banner,
  focus,
  problems,
  solutions,
  testimonials,
  storyCategories,
  stories,
  profileCategories,
  profiles,
  products,
};
