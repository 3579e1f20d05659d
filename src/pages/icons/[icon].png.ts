import type { APIRoute, GetStaticPaths } from 'astro';
import { APP_ICONS, renderAppIcon, type AppIconName } from '../../build-time/app-icons';

export const getStaticPaths = (() =>
  Object.keys(APP_ICONS).map((icon) => ({ params: { icon } }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) =>
  new Response((await renderAppIcon(params.icon as AppIconName)) as Uint8Array<ArrayBuffer>, {
    headers: { 'Content-Type': 'image/png' },
  });
