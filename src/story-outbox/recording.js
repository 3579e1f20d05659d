// A story told by voice (docs/stories.md, "Voice stories"): what the recorder on the phone, the
// kept-story sender, the service worker and both collectors agree on. Pure constants: the page,
// the worker and Node import them; deploy/apps-script/Code.js repeats them (a test holds it equal).

/**
 * The optional member of a story's JSON that carries a recording:
 * `{ "type": "audio/webm;codecs=opus", "data": "<base64>" }`, the type as the browser recorded it.
 * A plain form post (no script) sends the same name as a file field, multipart, to the local inbox.
 */
export const RECORDING = 'Recording';

/** The longest recording the phone makes: five minutes, long enough for a story, short enough to send on 2G. */
export const RECORDING_SECONDS_MAX = 300;

/**
 * The most audio bytes a collector takes: about 1 MB. Five minutes of Opus at the bit rate below
 * is about 0.9 MB, so a recording made here always fits; a file picked from the phone may not.
 */
export const RECORDING_BYTES_MAX = 1024 * 1024;

/** Asked of MediaRecorder: mono speech stays clear in Opus at 24 kbit/s. */
export const RECORDING_BITS_PER_SECOND = 24_000;
