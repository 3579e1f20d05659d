// The story form on the English edition's pages, with its words alone (./story-form-in.tsx).
import { formWords } from '../i18n/en';
import { storyFormIn } from './story-form-in';

export default storyFormIn('en', formWords);
