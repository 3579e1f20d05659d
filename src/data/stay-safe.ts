import { getEntry } from 'astro:content';
import type { Locale } from '../i18n';
import { articleSections } from '../lib/article';
import { localise } from './localise';

const FILE = 'src/content/stay-safe/stay-safe.md';

/**
 * The stay-safe article (src/content/stay-safe/) in one edition: its fields and its text in parts.
 * Each edition must have its own: an English page in a Hindi edition would be read to her in a
 * language she may not read, on the page she opens to keep herself safe.
 */
export async function getStaySafe(locale: Locale) {
  const entry = await getEntry('staySafe', 'stay-safe');
  if (!entry) throw new Error(`${FILE} is missing: the stay-safe page needs its text`);
  const [localised] = await localise('staySafe', [entry], locale);
  if (!localised!.isTranslated) {
    throw new Error(`${FILE.replace('content/', `content/${locale}/`)} is missing: every edition needs its own stay-safe page (CONTENT.md, "The stay-safe page")`);
  }
  return { ...localised!.data, sections: articleSections(localised!.source.body ?? '') };
}
