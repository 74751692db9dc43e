/**
 * The `robotsTxt.*` settings: fetched per document through `workspace/configuration` when the client supports it
 * (else taken from `didChangeConfiguration`), validated into the core's `AnalysisOptions` and the server's own
 * settings, and cached per uri until the configuration changes. Invalid values are dropped, never passed on.
 */

import type { Connection } from 'vscode-languageserver';
import { defaultAnalysisOptions, isDialect, severityNames, type AnalysisOptions, type Dialect, type SeverityName } from '../../core/src/index';
import { t } from '../../core/src/l10n';
import { settingsSection } from '../../core/src/protocol';
import { fileNameOf } from './documents';

/** `robotsTxt.diagnostics.maxProblems` when it is not set (or not a whole number of at least 1). */
export const defaultMaxProblems = 1000;

/**
 * `robotsTxt.codeLens.maxGroups` when it is not set (or not a whole number of at least 1): VS Code's own
 * `editor.foldingMaximumRegions` default, and as many groups as the outline lists.
 */
export const defaultMaxLensGroups = 5000;

/** One document's settings: what the core's analyses take, and what the server itself reads. */
interface DocumentSettings {
	readonly options: AnalysisOptions;
	/** The most diagnostics sent for one document; a note says when there are more. */
	readonly maxProblems: number;
	/** The most groups that get code lenses, the first in the file; a lens at the top says when there are more. */
	readonly maxLensGroups: number;
	/**
	 * `robotsTxt.siteRoot`: the folder served at `/`, as written (relative to the workspace folder, or absolute);
	 * undefined: each robots.txt's own folder.
	 */
	readonly siteRoot?: string;
}

export class SettingsStore {
	private readonly cache = new Map<string, Promise<DocumentSettings>>();
	private global: unknown = undefined;

	constructor(
		private readonly connection: Connection,
		/** Whether the client answers `workspace/configuration`. */
		private readonly canPull: boolean,
	) {}

	/** A document's settings: its resource settings, with its file name. */
	settingsFor(uri: string): Promise<DocumentSettings> {
		let settings = this.cache.get(uri);
		if (!settings) {
			settings = this.fetch(uri).then((raw) => {
				const siteRoot = toSiteRoot(raw);
				return {
					options: toAnalysisOptions(raw, fileNameOf(uri)),
					maxProblems: toMaxProblems(raw),
					maxLensGroups: toMaxLensGroups(raw),
					...(siteRoot !== undefined ? { siteRoot } : {}),
				};
			});
			this.cache.set(uri, settings);
		}
		return settings;
	}

	/** The analysis options for a document. */
	async optionsFor(uri: string): Promise<AnalysisOptions> {
		return (await this.settingsFor(uri)).options;
	}

	/**
	 * Forgets cached settings; `settings` is the notification's payload, used when the client cannot be asked.
	 * @returns whether the settings of a document read before now differ (compared by value). VS Code announces the
	 * configuration right after registering for it, unchanged: analysing the 3.7 MB corpus file again for that cost
	 * 0.8 s of its opening, spent on a pull the client then cancelled.
	 */
	async changed(settings: unknown): Promise<boolean> {
		const before = [...this.cache];
		this.cache.clear();
		if (!this.canPull) {
			this.global = isObject(settings) ? settings[settingsSection] : undefined;
		}
		let differ = false;
		for (const [uri, old] of before) {
			const [was, is] = await Promise.all([old, this.settingsFor(uri)]);
			differ ||= JSON.stringify(was) !== JSON.stringify(is);
		}
		return differ;
	}

	/** Forgets one document's settings (it closed). */
	evict(uri: string): void {
		this.cache.delete(uri);
	}

	private async fetch(uri: string): Promise<unknown> {
		if (!this.canPull) {
			return this.global;
		}
		try {
			return await this.connection.workspace.getConfiguration({ scopeUri: uri, section: settingsSection });
		} catch (error) {
			this.connection.console.warn(t('Could not read the {0} settings: {1}', settingsSection, error instanceof Error ? error.message : String(error)));
			// A failed fetch is not cached: the next request asks again.
			this.cache.delete(uri);
			return undefined;
		}
	}
}

/** The most target crawlers an analysis takes from `robotsTxt.crawlers`; the rest are dropped. */
export const maxTargetCrawlers = 500;

/** Validates raw settings: bad values fall back to the defaults, bad entries are dropped. */
export function toAnalysisOptions(raw: unknown, fileName: string | undefined): AnalysisOptions {
	const settings = isObject(raw) ? raw : {};
	const dialects: Dialect[] = [];
	if (Array.isArray(settings.dialects)) {
		for (const value of settings.dialects) {
			if (typeof value === 'string' && isDialect(value) && !dialects.includes(value)) {
				dialects.push(value);
			}
		}
	}
	const crawlers: string[] = [];
	if (Array.isArray(settings.crawlers)) {
		const seen = new Set<string>();
		for (const value of settings.crawlers) {
			// A product token is letters, digits, `-`, `_` and `.` in practice; anything else is dropped with the entry.
			if (typeof value === 'string' && value.trim() !== '' && !seen.has(value.trim().toLowerCase())) {
				seen.add(value.trim().toLowerCase());
				crawlers.push(value.trim());
				// A workspace's settings are a committed file: every hover and lens answers for each target crawler, so
				// their number is bounded (the catalogue has about 150).
				if (crawlers.length === maxTargetCrawlers) {
					break;
				}
			}
		}
	}
	const severities: Record<string, SeverityName> = {};
	const diagnostics = isObject(settings.diagnostics) ? settings.diagnostics : {};
	if (isObject(diagnostics.severity)) {
		for (const [code, value] of Object.entries(diagnostics.severity)) {
			if (typeof value === 'string' && (severityNames as readonly string[]).includes(value)) {
				severities[code] = value as SeverityName;
			}
		}
	}
	const knownDirectives = Array.isArray(settings.knownDirectives)
		? settings.knownDirectives.filter((value): value is string => typeof value === 'string' && value.trim() !== '').map((value) => value.trim())
		: [];
	return {
		crawlers: Array.isArray(settings.crawlers) ? crawlers : defaultAnalysisOptions.crawlers,
		dialects: Array.isArray(settings.dialects) ? dialects : defaultAnalysisOptions.dialects,
		severities,
		knownDirectives,
		...(fileName !== undefined ? { fileName } : {}),
		// The Problems panel of a messy file shows its real problems, not 226 of one kind (issue 22, item 6).
		groupRepeats: true,
	};
}

/** Validates `diagnostics.maxProblems`: a whole number of at least 1, else the default. */
function toMaxProblems(raw: unknown): number {
	const diagnostics = isObject(raw) && isObject(raw.diagnostics) ? raw.diagnostics : {};
	const value = diagnostics.maxProblems;
	return typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : defaultMaxProblems;
}

/** Validates `codeLens.maxGroups`: a whole number of at least 1, else the default. */
function toMaxLensGroups(raw: unknown): number {
	const codeLens = isObject(raw) && isObject(raw.codeLens) ? raw.codeLens : {};
	const value = codeLens.maxGroups;
	return typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : defaultMaxLensGroups;
}

/** Validates `siteRoot`: a path that is not blank, trimmed, else undefined (each robots.txt's own folder). */
function toSiteRoot(raw: unknown): string | undefined {
	const value = isObject(raw) ? raw.siteRoot : undefined;
	return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}
