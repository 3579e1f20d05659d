// deploy/apps-script/Code.js carries the story form written from its one description
// (src/story-outbox/form-fields.js, form-html.js and src/i18n/): this fails when the two drift.
// `npm run apps-script` writes the part anew.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { CODE_FILE, withFormRegion } from '../../scripts/apps-script.js';

it('Code.js has the story form the site’s form description gives', () => {
  const code = readFileSync(CODE_FILE, 'utf8');
  expect(code, 'Code.js is out of date: run npm run apps-script').toBe(withFormRegion(code));
});
