// Which share card each page gets, and where it is built: one PNG per story and per profile,
// and a default for every other page (README, "Sharing").
import { LOCALES, getStrings, type Locale } from '../i18n';
import { editionFolder } from '../lib/addresses';
import { withBase } from '../lib/paths';
import { profileSlug, profilesByCategory, type Profile } from './profiles';
import { getSettings } from './site';
import { storiesByCategory, type Story } from './stories';
import type { ShareCard } from '../build-time/share-card';

/** Card ids are paths below /share-cards/, in a folder per edition but English's. */
const inEdition = (id: string, locale: Locale) => `${editionFolder(locale)}${id}`;

export const defaultCardId = (locale: Locale) => inEdition('default', locale);
/** A story's card id names its category folder and file. */
export const storyCardId = (story: Story, locale: Locale) => inEdition(`stories/${story.id}`, locale);
export const profileCardId = (profile: Profile, locale: Locale) => inEdition(`profiles/${profileSlug(profile)}`, locale);

/** The site path of a card's PNG, under the deploy base. */
export const shareCardPath = (id: string) => withBase(`/share-cards/${id}.png`);

/** Every card the build draws, in every edition, without the host line (the endpoint knows the site's address). */
export async function allShareCards(): Promise<{ id: string; card: Omit<ShareCard, 'host'> }[]> {
  return (await Promise.all(LOCALES.map(cardsIn))).flat();
}

async function cardsIn(locale: Locale): Promise<{ id: string; card: Omit<ShareCard, 'host'> }[]> {
  const t = getStrings(locale);
  const [settings, storyGroups, profileGroups] = await Promise.all([getSettings(locale), storiesByCategory(locale), profilesByCategory(locale)]);
  return [
    {
      id: defaultCardId(locale),
      card: { kicker: t.share.initiativeOf(settings.parentOrganisation), title: settings.organisation, subtitle: settings.tagline },
    },
    ...storyGroups.flatMap(({ category, stories }) =>
      stories.map((story) => ({
        id: storyCardId(story, locale),
        card: { kicker: `${t.home.salaamStree} · ${category.data.title}`, title: story.data.name, subtitle: story.data.summary },
      })),
    ),
    ...profileGroups.flatMap(({ category, profiles }) =>
      profiles.map((profile) => ({
        id: profileCardId(profile, locale),
        card: { kicker: `${t.profiles.title} · ${category.data.title}`, title: profile.data.name, subtitle: profile.data.note },
      })),
    ),
  ];
}
