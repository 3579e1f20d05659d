// /admin/fonts/…: the fonts the editor's script asks for, from their npm packages (src/build-time/admin-fonts.ts).
import type { APIRoute, GetStaticPaths } from 'astro';
import { editorFonts, editorScript, fontFile, type EditorFont } from '../../../build-time/admin-fonts';

export const getStaticPaths = (() => editorFonts(editorScript()).map((font) => ({ params: { file: font.file }, props: { font } }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ font: EditorFont }> = ({ props }) =>
  new Response(new Uint8Array(fontFile(props.font)), { headers: { 'Content-Type': 'font/woff2' } });
