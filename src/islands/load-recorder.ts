// The recorder's chunk (./VoiceRecorder.ts) and what keeps a recording on the phone
// (src/story-outbox/recordings.ts), fetched together on the tap of Record your story, or when the
// form has a recording to show, send or remove: no page carries them before (docs/decisions.md).
export const recorderModule = () => import('./VoiceRecorder');
