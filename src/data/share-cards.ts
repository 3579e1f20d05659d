// Which share card each page gets, and where it is built: one PNG per story and per profile,
// and a default for every other page (README, "Sharing").
import { getStrings } from '../i18n';
import { withBase } from '../lib/paths';
import { profileSlug, profilesByCategory, type Profile } from './profiles';
import { getSettings } from './site';
import { storiesByCategory, type Story } from './stories';
import type { SocialCard } from '../build/social-card';

export const DEFAULT_CARD = 'default';

/** Card ids are paths below /social/; a story's id names its category folder and file. */
export const storyCardId = (story: Story) => `stories/${story.id}`;
export const profileCardId = (profile: Profile) => `profiles/${profileSlug(profile)}`;

/** The site path of a card's PNG, under the deploy base. */
export const shareCardPath = (id: string) => withBase(`/social/${id}.png`);

/** Every card the build draws, without the host line (the endpoint knows the site's address). */
export async function allShareCards(): Promise<{ id: string; card: Omit<SocialCard, 'host'> }[]> {
  const t = getStrings();
  const [settings, storyGroups, profileGroups] = await Promise.all([getSettings(), storiesByCategory(), profilesByCategory()]);
  return [
    {
      id: DEFAULT_CARD,
      card: { kicker: t.share.initiativeOf(settings.parentOrganisation), title: settings.organisation, subtitle: settings.tagline },
    },
    ...storyGroups.flatMap(({ category, stories }) =>
      stories.map((story) => ({
        id: storyCardId(story),
        card: { kicker: `${t.home.salaamStree} · ${category.data.title}`, title: story.data.name, subtitle: story.data.summary },
      })),
    ),
    ...profileGroups.flatMap(({ category, profiles }) =>
      profiles.map((profile) => ({
        id: profileCardId(profile),
        card: { kicker: `${t.profiles.title} · ${category.data.title}`, title: profile.data.name, subtitle: profile.data.note },
      })),
    ),
  ];
}
