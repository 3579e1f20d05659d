// The voice recorder's words in every language (src/islands/VoiceRecorder.ts). Apart from the
// form's strings on purpose: only the recorder's own chunk imports them, fetched on the tap of
// `Record your story`, so no page carries them before she asks to record (docs/decisions.md).
import type { Locale } from './locales';
import { recorderGu } from './recorder-gu';

export const recorderEn = {
  stop: 'Stop',
  play: 'Play',
  again: 'Record again',
  delete: 'Delete recording',
  /** Beside the timer while recording. */
  left: 'Time left',
  /** Beside the timer once stopped. */
  length: 'Length',
  asking: 'If the phone asks, allow the microphone.',
  // Said once by screen readers, at the start and the end: the timer itself is never read out.
  recording: 'Recording. Press Stop when you have finished.',
  stopped: 'Recording stopped. You can play it, record again, or send it with Submit.',
  deleted: 'Your recording is deleted from this phone.',
  /** Under the recorder once she has a recording: Name and Story are then not required. */
  voiceOnly: 'With a recording, the only box you need to fill in is your phone number.',
  /** A collector refused the recording (too big, say): the form shows this instead of its words. */
  refused: 'Your recording was not accepted, maybe because it is too long. It is still on this phone: record a shorter one and press Submit again.',
  denied: 'This phone did not let us use the microphone. You can write your story below instead, or call us: our numbers are at the bottom of this page.',
  noMicrophone: 'No microphone was found on this phone. You can write your story below instead, or call us: our numbers are at the bottom of this page.',
};

export type RecorderStrings = typeof recorderEn;

const recorderHi: RecorderStrings = {
  stop: 'रिकॉर्डिंग बंद करें',
  play: 'चलाकर सुनें',
  again: 'फिर से रिकॉर्ड करें',
  delete: 'रिकॉर्डिंग मिटाएँ',
  left: 'बचा समय',
  length: 'कुल समय',
  asking: 'अगर फ़ोन पूछे, तो माइक चालू करने की अनुमति दें।',
  recording: 'रिकॉर्डिंग चल रही है। बात पूरी होने पर "रिकॉर्डिंग बंद करें" दबाएँ।',
  stopped: 'रिकॉर्डिंग बंद हो गई। आप उसे सुन सकती हैं, फिर से रिकॉर्ड कर सकती हैं, या "भेजें" दबाकर भेज सकती हैं।',
  deleted: 'आपकी रिकॉर्डिंग इस फ़ोन से मिटा दी गई है।',
  voiceOnly: 'रिकॉर्डिंग हो, तो सिर्फ़ फ़ोन नंबर भरना ज़रूरी है।',
  refused: 'आपकी रिकॉर्डिंग स्वीकार नहीं हुई, शायद वह बहुत लंबी है। वह इसी फ़ोन में रखी है: छोटी रिकॉर्डिंग करके "भेजें" दोबारा दबाएँ।',
  denied: 'इस फ़ोन ने माइक चालू नहीं होने दिया। आप नीचे अपनी कहानी लिख सकती हैं, या हमें फ़ोन कर सकती हैं: हमारे नंबर इस पेज के सबसे नीचे हैं।',
  noMicrophone: 'इस फ़ोन में माइक नहीं मिला। आप नीचे अपनी कहानी लिख सकती हैं, या हमें फ़ोन कर सकती हैं: हमारे नंबर इस पेज के सबसे नीचे हैं।',
};

/** Every edition's recorder words: an edition in src/lib/editions.ts without them fails the type check. */
export const RECORDER_STRINGS: Record<Locale, RecorderStrings> = { en: recorderEn, hi: recorderHi, gu: recorderGu };
