// The story form on the Hindi edition's pages, with its words alone (./story-form-in.tsx).
import { formWords } from '../i18n/hi';
import { storyFormIn } from './story-form-in';

export default storyFormIn('hi', formWords);
