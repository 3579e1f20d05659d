// Turns Lighthouse reports into the figures the bench prints: medians and what cost points.
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/** The figures of one run; a missing category or audit is undefined, not zero. */
export function figuresOf(lhr) {
  const numeric = (id) => lhr.audits[id]?.numericValue;
  const resources = lhr.audits['resource-summary']?.details?.items ?? [];
  const bytes = (type) => resources.find((row) => row.resourceType === type)?.transferSize;
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => {
      const score = lhr.categories[id]?.score;
      return [id, typeof score === 'number' ? Math.round(score * 100) : undefined];
    }),
  );
  return {
    scores,
    fcp: numeric('first-contentful-paint'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    totalBytes: bytes('total'),
    scriptBytes: bytes('script'),
    finalUrl: lhr.finalDisplayedUrl,
    runtimeError: lhr.runtimeError?.code,
  };
}

/** Median of the defined values (the middle one of three runs), or undefined. */
export function median(values) {
  const sorted = values.filter((v) => typeof v === 'number' && !Number.isNaN(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return undefined;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Per-field medians over several runs' figures. */
export function medianFigures(runs) {
  const pick = (get) => median(runs.map(get));
  return {
    scores: Object.fromEntries(CATEGORIES.map((id) => [id, pick((r) => r.scores[id])])),
    fcp: pick((r) => r.fcp),
    lcp: pick((r) => r.lcp),
    tbt: pick((r) => r.tbt),
    cls: pick((r) => r.cls),
    totalBytes: pick((r) => r.totalBytes),
    scriptBytes: pick((r) => r.scriptBytes),
    errors: runs.map((r) => r.runtimeError).filter(Boolean),
  };
}

/**
 * Audits that cost a category points in this run: weighted in the category, scored below 1 or
 * failed. Returns `{ category: [{ id, title, score, displayValue, error }] }`.
 */
export function failingAudits(lhr) {
  const result = {};
  for (const id of CATEGORIES) {
    const category = lhr.categories[id];
    if (!category) continue;
    result[id] = category.auditRefs
      .filter((ref) => ref.weight > 0)
      .map((ref) => ({ id: ref.id, audit: lhr.audits[ref.id] }))
      // An audit that errored leaves its category without a score: name it too.
      .filter(({ audit }) => (typeof audit?.score === 'number' && audit.score < 1) || audit?.scoreDisplayMode === 'error')
      .map(({ id: auditId, audit }) => ({
        id: auditId,
        title: audit.title,
        score: audit.score,
        displayValue: audit.displayValue,
        error: audit.scoreDisplayMode === 'error' ? audit.errorMessage ?? 'error' : undefined,
      }));
  }
  return result;
}
