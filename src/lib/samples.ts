// Content the organisation has not sent yet is never shown as real (docs/design.md, "Nothing sample
// passes as real"). The content marks it: the settings list their sample fields in `samples`, a
// testimonial or product says `"sample": true`. What is read (and the video poster, which fetches
// nothing before play) carries a visible notice; what acts (a call, an e-mail, a document, a
// profile) is no link, but says what will come and points to the helplines. The build fails on a
// link to a sample value (src/build-time/unfinished-content.js).

/** The settings fields that may be marked as samples, each shown as a sample wherever it is used. */
export const SAMPLE_FIELDS = ['office', 'email', 'phones', 'social', 'documents', 'videoId', 'statesReached', 'whatsapp'] as const;

export type SampleField = (typeof SAMPLE_FIELDS)[number];

/** Whether the settings still mark `field` as a sample. */
export const isSample = (settings: { samples: readonly string[] }, field: SampleField) => settings.samples.includes(field);

/** Where every sample that acts points instead: the helplines at the top of every page's footer. */
export const HELPLINES_HREF = '#helplines';
