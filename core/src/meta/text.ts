/**
 * Joining translated sentences: the meta checks and hovers add optional sentences to a message ("Did you mean …?"),
 * each translated on its own; Chinese writes them one after another, the other languages we ship with a space.
 */

import { currentLocale } from '../l10n';

/** Whole sentences, already translated, joined as the configured language writes consecutive sentences. */
export function sentences(...parts: readonly (string | undefined | false)[]): string {
	const kept = parts.filter((part): part is string => typeof part === 'string' && part.length > 0);
	return kept.join(currentLocale().startsWith('zh') ? '' : ' ');
}
