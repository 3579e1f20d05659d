// The story form as an HTML string, drawn from its description (./form-fields.js), for the pages
// that answer a plain form post: the inbox's (server/story-pages.js) and the Apps Script's.
// Self-contained (no imports, arguments only): `npm run apps-script` copies this file into
// deploy/apps-script/Code.js, which Google runs alone.

/** Text made safe inside HTML, in an element or a quoted attribute. */
export function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
}

/**
 * What is wrong with one field, in her words: `text` holds the `form` strings (`missing` from
 * `form.page`), `field` the field's description, `value` what she sent.
 */
export function problemMessage(text, field, problem, value) {
  if (problem === 'tooLong') {
    const count = (n) => n.toLocaleString('en-IN');
    // Counted as the inbox counts it: a line break is one character, however the browser sent it.
    const length = String(value).replace(/\r\n?/g, '\n').trim().length;
    return text.tooLong.replace('{length}', count(length)).replace('{max}', count(field.limit));
  }
  return problem === 'invalid' ? text.phoneInvalid : text.missing;
}

/**
 * The form with her words in it, each problem beside its field (`aria-invalid`, and read with
 * the field), posting to `action`. `form`: { fields, honeypot, consent } from ./form-fields.js;
 * `problems`: a problem (`missing`, `tooLong`, `invalid`) per field name; `target`: where it
 * posts to (`_top` leaves Apps Script's frame). `recording`: `{ label }` when she sent a recording
 * a page cannot give back: the form takes a file again (multipart), and then needs only the phone.
 */
export function storyFormHtml(form, text, { action, idPrefix, values = {}, problems = {}, target = '', recording }) {
  const id = (suffix) => escapeHtml(`${idPrefix}-${suffix}`);
  const file = recording
    ? [`<label for="${id('recording')}">${escapeHtml(recording.label)}</label>\n<input id="${id('recording')}" name="Recording" type="file" accept="audio/*" capture="user">`]
    : [];
  const fields = form.fields.map((field) => {
    const raw = typeof values[field.name] === 'string' ? values[field.name] : '';
    const problem = problems[field.name];
    const described = [problem ? `${field.id}-problem` : '', field.hint ? `${field.id}-hint` : ''].filter(Boolean).map(id).join(' ');
    const attributes = [
      `id="${id(field.id)}"`,
      `name="${field.name}"`,
      field.type ? `type="${field.type}"` : '',
      field.inputMode ? `inputmode="${field.inputMode}"` : '',
      field.autoComplete ? `autocomplete="${field.autoComplete}"` : '',
      field.pattern ? `pattern="${escapeHtml(field.pattern)}"` : '',
      field.maxLength ? `maxlength="${field.maxLength}"` : '',
      field.rows ? `rows="${field.rows}"` : '',
      !recording || field.name === 'Phone' ? 'required' : '',
      field.control === 'input' ? `value="${escapeHtml(raw)}"` : '',
      problem ? 'aria-invalid="true"' : '',
      described ? `aria-describedby="${described}"` : '',
    ].filter(Boolean).join(' ');
    const control = field.control === 'textarea' ? `<textarea ${attributes}>${escapeHtml(raw)}</textarea>` : `<input ${attributes}>`;
    const note = problem ? `\n<p class="problem" id="${id(`${field.id}-problem`)}">${escapeHtml(problemMessage(text, field, problem, raw))}</p>` : '';
    const hint = field.hint ? `\n<p class="hint" id="${id(`${field.id}-hint`)}">${escapeHtml(text[field.hint])}</p>` : '';
    return `<label for="${id(field.id)}">${escapeHtml(text[field.label])}</label>${note}\n${control}${hint}`;
  });
  const trap = form.honeypot;
  return `<form method="post"${recording ? ' enctype="multipart/form-data"' : ''} action="${escapeHtml(action)}"${target ? ` target="${target}"` : ''}>
${[...file, ...fields].join('\n')}
<div class="trap" aria-hidden="true"><label for="${id(trap.id)}">${escapeHtml(text[trap.label])}</label>
<input id="${id(trap.id)}" name="${trap.name}" tabindex="${trap.tabIndex}" autocomplete="${trap.autoComplete}"></div>
<label class="consent"><input type="checkbox" required> <span>${escapeHtml(text[form.consent.label])}</span></label>
<button type="submit">${escapeHtml(text.submit)}</button>
</form>`;
}
