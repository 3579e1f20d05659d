import type { APIRoute, GetStaticPaths } from 'astro';
import { allShareCards } from '../../data/share-cards';
import { renderShareCard, type ShareCard } from '../../build-time/share-card';

export const getStaticPaths = (async () =>
  (await allShareCards()).map(({ id, card }) => ({ params: { card: id }, props: card }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props, site }) => {
  // The address people can type: host and base, without the scheme or a closing slash.
  const home = new URL(import.meta.env.BASE_URL, site);
  const host = `${home.host}${home.pathname}`.replace(/\/$/, '');
  const png = await renderShareCard({ ...(props as Omit<ShareCard, 'host'>), host });
  return new Response(png as Uint8Array<ArrayBuffer>, { headers: { 'Content-Type': 'image/png' } });
};
