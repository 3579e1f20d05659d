// The story form on the Gujarati edition's pages, with its words alone (./story-form-in.tsx).
import { formWords } from '../i18n/gu';
import { storyFormIn } from './story-form-in';

export default storyFormIn('gu', formWords);
