/**
 * The words of the preference lines, each with its source: the AI Preferences vocabulary's labels (and those its
 * drafts dropped), and the keys and values of Cloudflare's Content Signals. Facts only; what a line says is read in
 * lines.ts.
 */

/** The labels of draft-ietf-aipref-vocab-07 §6.1 (2026-08-19), the categories a `Content-Usage` line states. */
export const contentUsageLabels = ['train-ai', 'search'] as const;

/** A category of the vocabulary a `Content-Usage` line states: `train-ai` or `search`. */
export type ContentUsageLabel = (typeof contentUsageLabels)[number];

/**
 * Labels earlier drafts defined and a later one dropped, with the last draft that had each (the label tables of
 * draft-ietf-aipref-vocab-01 to -04, as tagged in the ietf-wg-aipref/drafts repository; -00 had categories, no labels).
 * A processor ignores them as unknown labels (vocab-07 §6.4).
 */
export const droppedContentUsageLabels: ReadonlyMap<string, string> = new Map([
	['tdm', 'draft-ietf-aipref-vocab-01'],
	['ai', 'draft-ietf-aipref-vocab-01'],
	['genai', 'draft-ietf-aipref-vocab-01'],
	['inference', 'draft-ietf-aipref-vocab-01'],
	['all', 'draft-ietf-aipref-vocab-02'],
	['ai-use', 'draft-ietf-aipref-vocab-02'],
	['train-genai', 'draft-ietf-aipref-vocab-03'],
	['bots', 'draft-ietf-aipref-vocab-04'],
	['ai-output', 'draft-ietf-aipref-vocab-04'],
]);

/**
 * The signals of Cloudflare's Content Signals Policy (contentsignals.org, September 2025; the same three labels in
 * draft-romm-aipref-contentsignals-00 §4), each `yes` or `no`.
 */
export const contentSignalKeys = ['search', 'ai-input', 'ai-train'] as const;

/** The values a signal takes: `yes` allows the use, `no` does not (contentsignals.org). */
export const contentSignalValues = ['yes', 'no'] as const;

/**
 * The `use` key Cloudflare added in 2026 (its managed robots.txt writes `use=reference`), and its three levels:
 * `immediate` (interact, store nothing), `reference` (index, excerpt and link back), `full` (summarise and reproduce).
 */
export const contentSignalUseValues = ['immediate', 'reference', 'full'] as const;
