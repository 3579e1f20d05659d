/** `doc` with the `## ` section starting at `heading` replaced by `section` (appended when absent). */
export function replaceSection(doc, heading, section) {
  const start = doc.indexOf(`${heading}\n`);
  if (start === -1) return `${doc.trimEnd()}\n\n${section.trimEnd()}\n`;
  const next = doc.indexOf('\n## ', start + heading.length);
  const rest = next === -1 ? '' : doc.slice(next + 1);
  return `${doc.slice(0, start)}${section.trimEnd()}\n${rest ? `\n${rest}` : ''}`;
}
