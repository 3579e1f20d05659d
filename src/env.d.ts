interface ImportMetaEnv {
  /** Where the story form POSTs; unset, the same origin's /api/stories (the local inbox). */
  readonly PUBLIC_STORY_ENDPOINT?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

