/** The preference lines' answer as `robots-txt test` prints it, for a file and for a site. */

import type { PreferenceAnswer } from '../../core/src/index';

/** The preference lines' answer as issue 24 prints it: the stated keys and the 1-based line, or null; the licences. */
export function preferencesJson({ contentUsage, contentSignal, licenses }: PreferenceAnswer): Record<string, unknown> {
	return {
		contentUsage: contentUsage && { ...contentUsage.preferences, line: contentUsage.lineNumber },
		contentSignal: contentSignal && { ...contentSignal.signals, line: contentSignal.lineNumber },
		licenses,
	};
}
