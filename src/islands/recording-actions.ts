// What the form does with a recording, beyond holding it (docs/stories.md, "Voice stories"): keep
// it on the phone with the draft, bring it back after a reload, delete it. Part of the recorder's
// chunk (./VoiceRecorder.ts): only a form that has a recording needs any of it, and /home's
// script stays as small as before she taps Record your story.
import { loadDraft, saveDraft } from '../story-outbox/draft';
import { newStoryKey } from '../story-outbox/contract.js';
import { forgetRecordings, forgetUnnamedRecordings, keepRecording, loadRecording, type KeptRecording } from '../story-outbox/recordings';

/** The island's hold on her recording (src/islands/use-story-draft.ts). */
export interface RecordingHold {
  /** The id of the recording on screen, read and set at once (a ref), so a late answer can tell it is stale. */
  id: { current: string | undefined };
  show: (recording: KeptRecording | undefined) => void;
  /** Whether the phone kept the draft: the line under the form says so. */
  kept: (isKept: boolean) => void;
}

/** A recording kept at an earlier visit; gone (storage cleared), the draft stops naming it. */
export async function bringBack(hold: RecordingHold, id: string) {
  hold.id.current = id;
  const found = await loadRecording(id);
  if (hold.id.current !== id) return; // she recorded or deleted meanwhile
  hold.show(found);
  const draft = loadDraft();
  if (!found && draft?.recording === id) saveDraft({ ...draft, recording: undefined });
}

/** A new recording, or a file she chose: shown at once, kept on the phone where it can be. */
export async function takeRecording(hold: RecordingHold, blob: Blob, seconds?: number) {
  const next: KeptRecording = { id: newStoryKey(), blob, ...(seconds === undefined ? {} : { seconds }) };
  const previous = hold.id.current;
  hold.show(next);
  const isKept = await keepRecording(next);
  if (hold.id.current !== next.id) return;
  // A new recording is not what she submitted: like typing, it drops the outbox (draft.ts).
  if (isKept) hold.kept(saveDraft({ ...(loadDraft() ?? { Name: '', Phone: '', Story: '' }), recording: next.id, outbox: undefined }));
  // A submitted story's recording stays until a collector confirms it.
  if (previous) await forgetRecordings([next.id, loadDraft()?.outbox?.recording]);
}

/** Delete recording: off the screen and off the phone at once. */
export async function deleteRecording(hold: RecordingHold) {
  hold.show(undefined);
  const draft = loadDraft();
  if (draft) saveDraft({ ...draft, recording: undefined, outbox: undefined });
  await forgetUnnamedRecordings();
}
