// Which repository host the browser editor signs in to (README, "Editing in the browser"): read
// from the build's environment, so the organisation sets it once in its host's settings.

const HOSTS = {
  github: { api: 'https://api.github.com', web: 'https://github.com' },
  gitlab: { api: 'https://gitlab.com/api/v4', web: 'https://gitlab.com' },
  gitea: { api: undefined, web: undefined },
};

/** `owner/name` from a repository's web address or a bare `owner/name`. */
function repoOf(value) {
  if (!value) return undefined;
  const path = /^https?:\/\//.test(value) ? new URL(value).pathname : value.replace(/^git@[^:]+:/, '');
  return path.replace(/^\/+|\/+$|\.git$/g, '') || undefined;
}

/**
 * The editor's `backend` and the one origin its page must be allowed to reach for it.
 * CMS_BACKEND (github, gitlab or gitea), CMS_REPO (owner/name; on Netlify and in GitHub Actions
 * the build's own repository is found without it), CMS_BRANCH, CMS_API_ROOT (a self-hosted
 * GitLab or Gitea/Forgejo, e.g. https://codeberg.org/api/v1).
 * @param {Record<string, string | undefined>} env
 */
export function editorBackend(env) {
  const name = env.CMS_BACKEND || 'github';
  if (!(name in HOSTS)) throw new Error(`CMS_BACKEND=${name}: use github, gitlab or gitea`);
  const repo = repoOf(env.CMS_REPO) ?? repoOf(env.REPOSITORY_URL) ?? repoOf(env.GITHUB_REPOSITORY);
  const apiRoot = env.CMS_API_ROOT || HOSTS[name].api;
  if (!apiRoot) throw new Error(`CMS_BACKEND=${name} needs CMS_API_ROOT, the address of its API, e.g. https://codeberg.org/api/v1`);
  const backend = {
    name,
    // Without a repository the editor says so on its sign-in page; the site itself still builds.
    repo: repo ?? 'set-CMS_REPO/to-this-repository',
    ...(env.CMS_BRANCH ? { branch: env.CMS_BRANCH } : {}),
    ...(env.CMS_API_ROOT ? { api_root: env.CMS_API_ROOT, base_url: new URL(env.CMS_API_ROOT).origin } : {}),
  };
  return { backend, apiOrigin: new URL(apiRoot).origin, isSet: repo !== undefined };
}
